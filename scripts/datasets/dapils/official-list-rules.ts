// The turnout dataset's two rules against the official dapil lists (docs/data.md, "Coverage of the official
// dapils"): a dapil id the year's list does not know, and a regency the list puts in another dapil. A year the
// project holds no list for obeys both, and so does a dapil id of another form (the demo's synthetic ids).
import type { DatasetDefinition, RawRecord, RecordQualityRule, RuleFinding } from '../dataset-definition.ts';
import { placeRegency, type Placement } from './dapil-membership.ts';

const FIELDS = ['TahunPemilu', 'IdDapil', 'NamaKabupaten'] as const;

/** The record's placement, or null when its year, dapil id or name is not a string (other rules flag those). */
function placementOf(record: RawRecord): Placement | null {
  const [year, dapilId, name] = FIELDS.map((field) => record[field]);
  if (typeof year !== 'string' || !/^[0-9]{4}$/.test(year) || typeof dapilId !== 'string' || typeof name !== 'string')
    return null;
  return placeRegency(Number(year), dapilId, name);
}

function values(record: RawRecord, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...Object.fromEntries(FIELDS.map((field) => [field, record[field]])), ...extra };
}

/**
 * The value a `regency-dapil-official` finding adds to the record's fields: the dapil id(s) the official list puts
 * the regency in, comma-separated. Not a source field: the site says it as the official list's word, not the source's.
 */
export const OFFICIAL_DAPIL_VALUE = 'officialDapil';

/** The ids of the two rules. */
const OFFICIAL_LIST_RULE_IDS: ReadonlySet<string> = new Set(['dapil-id-official', 'regency-dapil-official']);

/**
 * The dataset without the two rules, as the check stage checks a demo harvest: its dapils are made up (real province
 * codes and regency names in invented dapils), so they are not compared with the official list, as its coverage says
 * ("not compared"; docs/data.md, "Coverage of the official dapils").
 */
export function withoutOfficialListRules(dataset: DatasetDefinition): DatasetDefinition {
  const rules = dataset.rules.filter((rule) => !OFFICIAL_LIST_RULE_IDS.has(rule.id));
  return rules.length === dataset.rules.length ? dataset : { ...dataset, rules };
}

export function createOfficialListRules(): RecordQualityRule[] {
  return [
    {
      kind: 'record',
      id: 'dapil-id-official',
      fields: FIELDS,
      reference: true,
      title: { id: 'Dapil ada dalam daftar resmi', en: 'Dapil in the official list' },
      description: {
        id: 'IdDapil berbentuk kode provinsi dalam daftar resmi tahun pemilu itu ditambah dua angka adalah dapil dalam daftar itu (bila proyek memiliki daftarnya).',
        en: "An IdDapil of the form of that election year's official list (a province code of the list + two digits) is a dapil of the list (when the project holds one).",
      },
      test(record): RuleFinding | null {
        const placement = placementOf(record);
        if (placement?.kind !== 'unknown-dapil') return null;
        return {
          message: `IdDapil ${JSON.stringify(record.IdDapil)} is not a dapil of the official list of ${String(record.TahunPemilu)}`,
          values: values(record),
        };
      },
    },
    {
      kind: 'record',
      id: 'regency-dapil-official',
      fields: FIELDS,
      reference: true,
      title: { id: 'Kabupaten/kota di dapilnya', en: 'Regency in its dapil' },
      description: {
        id: 'Daftar resmi tahun pemilu itu menempatkan kabupaten/kota ini dalam dapil rekaman, bukan dapil lain.',
        en: "That election year's official list puts the regency in the record's dapil, not in another one.",
      },
      test(record): RuleFinding | null {
        const placement = placementOf(record);
        if (placement?.kind !== 'elsewhere') return null;
        const official = placement.officialDapils.map((dapil) => `${dapil.id} ${dapil.name}`).join(', ');
        return {
          message: `the official list of ${String(record.TahunPemilu)} puts ${String(record.NamaKabupaten)} in ${official}, not in ${placement.dapil.id} ${placement.dapil.name}`,
          values: values(record, {
            [OFFICIAL_DAPIL_VALUE]: placement.officialDapils.map((dapil) => dapil.id).join(','),
          }),
        };
      },
    },
  ];
}
