// Coverage of the official dapils (docs/data.md): for each election year of the harvest, how many of the official
// list's dapils and regencies the harvested turnout records cover, which dapils are missing, which regencies are
// missing inside the dapils covered, and the records the list contradicts. Pure: turnout records in (as the check
// stage streams them), a summary out.
import { placeRegency, type MemberId } from '../datasets/dapils/dapil-membership.ts';
import { officialDapilsOf } from '../datasets/dapils/official-dapil-tables.ts';
import type { OfficialDapil } from '../datasets/dapils/official-dapils.ts';
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import type { Localized } from '../languages.ts';
import { compareCodeUnits } from '../foundation/text-order.ts';

interface DapilRef {
  id: string;
  name: string;
}

export interface YearCoverage {
  year: number;
  /**
   * 'compared': turnout records against the year's official list. 'no-turnout': the harvest has records of the year
   * (parties) but no turnout. 'no-official-list': the project holds no list for the year. 'not-compared': a demo
   * harvest (its synthetic dapils are not compared with the official ones).
   */
  status: 'compared' | 'no-turnout' | 'no-official-list' | 'not-compared';
  /** The law the list comes from, or null without a list. */
  law: Localized | null;
  dapils: { harvested: number; official: number };
  /** Regencies (members with a code; the voters abroad are not one) the turnout records cover, anywhere in the list. */
  regencies: { harvested: number; official: number };
  /** Official dapils without a turnout record, in the list's order. */
  missingDapils: DapilRef[];
  /**
   * Dapils with a turnout record whose official regencies are not all in the source, in the list's order, each with
   * its regencies missing in the list's order (a regency harvested in another dapil is not missing). A harvested
   * name no official code matches (`unmatchedRegencies`) covers nothing, so the regency it stands for is listed here.
   */
  incompleteDapils: IncompleteDapil[];
  /**
   * Harvested dapil ids the list does not know, sorted, with their turnout records: those of the list's form are
   * flagged `dapil-id-official`; others (another numbering) cannot be compared at all.
   */
  unknownDapils: Array<{ id: string; records: number }>;
  /** Turnout records whose regency the list puts in another dapil (flagged `regency-dapil-official`). */
  misplacedRegencies: number;
  /** Distinct harvested regency names no official code matches (left to the region codes). */
  unmatchedRegencies: number;
}

/** A covered dapil without some of its official regencies. Example: 9101 PAPUA, 29 official, 28 missing. */
interface IncompleteDapil extends DapilRef {
  /** The dapil's regencies in the official list (members with a code). */
  official: number;
  missing: Array<{ code: string; name: string }>;
}

export interface DapilCoverage {
  /** False for a demo harvest: its synthetic dapils are not compared with the official ones. */
  compared: boolean;
  years: YearCoverage[];
}

export interface CoverageAccumulator {
  /** One turnout record, in harvest order. */
  add(record: RawRecord): void;
  /** The summary for these election years (every year of the harvest, whatever dataset holds it). */
  finish(years: readonly number[]): DapilCoverage;
}

interface YearSeen {
  dapils: Set<string>;
  members: Set<MemberId>;
  unknown: Map<string, number>;
  misplaced: number;
  unmatched: Set<string>;
}

/** The covered dapils of the list that lack official regencies, with those regencies. */
function incompleteDapils(dapils: readonly OfficialDapil[], covered: YearSeen): IncompleteDapil[] {
  return dapils.flatMap((dapil) => {
    if (!covered.dapils.has(dapil.id)) return [];
    const regencies = dapil.members.flatMap(([code, name]) => (code === null ? [] : [{ code, name }]));
    const missing = regencies.filter((regency) => !covered.members.has(regency.code));
    return missing.length === 0 ? [] : [{ id: dapil.id, name: dapil.name, official: regencies.length, missing }];
  });
}

/**
 * Counts the records of `dataset` (its declaration's `officialListFields` name the dapil and regency fields) against
 * the official lists; `compared` false (demo data) counts the years only. Without a dataset, nothing is counted.
 */
export function createCoverageAccumulator(
  compared: boolean,
  dataset: Pick<DatasetDefinition, 'yearField' | 'officialListFields'> | undefined,
): CoverageAccumulator {
  const seen = new Map<number, YearSeen>();
  const fields = dataset?.officialListFields;
  return {
    add(record) {
      if (dataset === undefined || fields === undefined) return;
      const yearText = record[dataset.yearField];
      const dapilId = record[fields.dapil];
      const name = record[fields.regency];
      if (typeof yearText !== 'string' || !/^[0-9]{4}$/.test(yearText)) return;
      if (typeof dapilId !== 'string' || typeof name !== 'string') return;
      const year = Number(yearText);
      let entry = seen.get(year);
      if (!entry) {
        entry = { dapils: new Set(), members: new Set(), unknown: new Map(), misplaced: 0, unmatched: new Set() };
        seen.set(year, entry);
      }
      if (!compared) return;
      const placement = placeRegency(year, dapilId, name);
      switch (placement.kind) {
        case 'no-list':
          return;
        case 'unknown-dapil':
        case 'other-form':
          entry.unknown.set(dapilId, (entry.unknown.get(dapilId) ?? 0) + 1);
          return;
        case 'unknown-regency':
          entry.dapils.add(dapilId);
          entry.unmatched.add(name);
          return;
        case 'elsewhere':
          entry.misplaced += 1;
          break;
        default:
          break;
      }
      entry.dapils.add(dapilId);
      for (const member of placement.members) entry.members.add(member);
    },
    finish(years) {
      return {
        compared,
        years: [...years]
          .sort((a, b) => a - b)
          .map((year): YearCoverage => {
            const table = officialDapilsOf(year);
            const entry = seen.get(year);
            const regencyCodes = new Set(
              table?.dapils.flatMap((dapil) => dapil.members.flatMap(([code]) => (code === null ? [] : [code]))) ?? [],
            );
            const status = !compared
              ? 'not-compared'
              : !table
                ? 'no-official-list'
                : !entry
                  ? 'no-turnout'
                  : 'compared';
            const covered = status === 'compared' && entry ? entry : null;
            return {
              year,
              status,
              law: table?.law ?? null,
              dapils: { harvested: covered?.dapils.size ?? 0, official: table?.dapils.length ?? 0 },
              regencies: {
                harvested: covered ? [...covered.members].filter((member) => regencyCodes.has(member)).length : 0,
                official: regencyCodes.size,
              },
              missingDapils:
                covered && table
                  ? table.dapils
                      .filter((dapil) => !covered.dapils.has(dapil.id))
                      .map((dapil) => ({ id: dapil.id, name: dapil.name }))
                  : [],
              incompleteDapils: covered && table ? incompleteDapils(table.dapils, covered) : [],
              unknownDapils: covered
                ? [...covered.unknown]
                    .sort(([a], [b]) => compareCodeUnits(a, b))
                    .map(([id, records]) => ({ id, records }))
                : [],
              misplacedRegencies: covered?.misplaced ?? 0,
              unmatchedRegencies: covered?.unmatched.size ?? 0,
            };
          }),
      };
    },
  };
}
