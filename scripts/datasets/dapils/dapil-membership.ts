// Where the official lists put a harvested regency: its dapil id and name looked up in the year's table, the
// name through the region matcher's code (so spellings the matcher knows agree), the voters abroad by name.
// Shared by the turnout dataset's two official-list rules and the check stage's coverage.
import { officialRegionMatcher } from '../regions/region-matcher.ts';
import { normalizeRegionName } from '../regions/region-names.ts';
import { officialDapilsOf } from './official-dapil-tables.ts';
import { ABROAD, type OfficialDapil, type OfficialDapilYear } from './official-dapils.ts';

/** A member of the official list, as one string: its code, or for the voters abroad `abroad`. */
export type MemberId = string;

interface YearIndex {
  table: OfficialDapilYear;
  dapils: ReadonlyMap<string, OfficialDapil>;
  /** Member id → the dapil the list puts it in. */
  dapilOfMember: ReadonlyMap<MemberId, OfficialDapil>;
}

const indexes = new Map<number, YearIndex | null>();
const provinces = new Map<OfficialDapilYear, Set<string>>();

function provinceCodes(index: YearIndex): Set<string> {
  let codes = provinces.get(index.table);
  if (!codes) {
    codes = new Set(index.table.dapils.map((dapil) => dapil.provinceCode));
    provinces.set(index.table, codes);
  }
  return codes;
}

function indexOf(year: number): YearIndex | null {
  let index = indexes.get(year);
  if (index === undefined) {
    const table = officialDapilsOf(year);
    index = table
      ? {
          table,
          dapils: new Map(table.dapils.map((dapil) => [dapil.id, dapil])),
          dapilOfMember: new Map(
            table.dapils.flatMap((dapil) => dapil.members.map(([code]) => [code ?? ABROAD_ID, dapil] as const)),
          ),
        }
      : null;
    indexes.set(year, index);
  }
  return index;
}

const ABROAD_ID = 'abroad';
const ABROAD_KEY = normalizeRegionName(ABROAD).key;

/**
 * The official members a harvested regency name stands for, through the region matcher (null when it matches
 * none). KPU writes DKI JAKARTA II's first member "JAKARTA PUSAT + LUAR NEGERI": each part is a member.
 * Example: ("3102", "JAKARTA PUSAT + LUAR NEGERI") → ["3171", "abroad"]; ("1101", "ACEH BARATT") → null.
 */
function membersNamed(dapilId: string, regencyName: string): MemberId[] | null {
  const members: MemberId[] = [];
  for (const part of regencyName.split('+')) {
    if (normalizeRegionName(part).key === ABROAD_KEY) {
      members.push(ABROAD_ID);
      continue;
    }
    const match = officialRegionMatcher().match(dapilId, part);
    if (match.method === 'none') return null;
    members.push(match.regencyCode);
  }
  return members;
}

export type Placement =
  /** No official list for the year: nothing to compare. */
  | { kind: 'no-list' }
  /** A dapil id of the list's form (a province code of the list + two digits) that the list lacks. */
  | { kind: 'unknown-dapil' }
  /** An id not of that form (another numbering, or the demo's synthetic ids): not comparable. */
  | { kind: 'other-form' }
  /** The name matches no regency of the official codes: left to the region codes' own report. */
  | { kind: 'unknown-regency'; dapil: OfficialDapil }
  | { kind: 'in-dapil'; dapil: OfficialDapil; members: MemberId[] }
  /** The list puts (one of) the members in another dapil. */
  | { kind: 'elsewhere'; dapil: OfficialDapil; members: MemberId[]; officialDapils: OfficialDapil[] }
  /** A regency the year's list does not hold at all (formed after the law, or a code of another province). */
  | { kind: 'not-a-member'; dapil: OfficialDapil; members: MemberId[] };

/** Where the official list of `year` puts a harvested (dapil id, regency name). */
export function placeRegency(year: number, dapilId: string, regencyName: string): Placement {
  const index = indexOf(year);
  if (!index) return { kind: 'no-list' };
  const dapil = index.dapils.get(dapilId);
  if (!dapil)
    return {
      kind:
        provinceCodes(index).has(dapilId.slice(0, 2)) && /^[0-9]{4}$/.test(dapilId) ? 'unknown-dapil' : 'other-form',
    };
  const members = membersNamed(dapilId, regencyName);
  if (!members) return { kind: 'unknown-regency', dapil };
  const official = members.map((member) => index.dapilOfMember.get(member));
  if (official.some((entry) => entry === undefined)) return { kind: 'not-a-member', dapil, members };
  const elsewhere = official.filter((entry): entry is OfficialDapil => entry !== undefined && entry.id !== dapilId);
  if (elsewhere.length > 0) return { kind: 'elsewhere', dapil, members, officialDapils: elsewhere };
  return { kind: 'in-dapil', dapil, members };
}
