// Factories for the quality rules the dataset definitions declare (UPSTREAM.md "Rules the data should obey").
// A fault is reported once: only the `field-string` rule judges missing or non-string values, and an arithmetic
// rule is not evaluated while one of its counts is not digits (`count-digits` reports that).
import type {
  ColumnDefinition,
  DatasetDefinition,
  DatasetQualityRule,
  RawRecord,
  RecordQualityRule,
  RuleFinding,
} from './dataset-definition.ts';
import type { Localized } from '../languages.ts';
import {
  EXACT_DIGITS,
  isBlank,
  isDigits,
  isSafeCount,
  parseColumnValue,
  REPLACEMENT_CHARACTER,
} from './value-parsers.ts';

/** The value of a field the record itself carries (never one inherited from Object.prototype). */
function fieldValue(record: RawRecord, field: string): unknown {
  return Object.hasOwn(record, field) ? record[field] : undefined;
}

function stringValue(record: RawRecord, field: string): string | undefined {
  const value = fieldValue(record, field);
  return typeof value === 'string' ? value : undefined;
}

function recordRule(
  id: string,
  title: Localized,
  description: Localized,
  fields: readonly string[],
  test: (record: RawRecord) => RuleFinding | null,
): RecordQualityRule {
  return { kind: 'record', id, title, description, fields, test };
}

/** Seed section 2: every value is a JSON string. Without this rule a missing field would vanish as a quiet null. */
export function createFieldStringRule(fields: readonly string[]): RecordQualityRule {
  return recordRule(
    'field-string',
    { id: 'Setiap kolom ada dan berupa teks', en: 'Every field present, as a string' },
    {
      id: 'Setiap kolom yang didokumentasikan ada dalam rekaman dan nilainya string JSON (seed bagian 2).',
      en: 'Every documented field is present in the record and its value is a JSON string (seed section 2).',
    },
    fields,
    (record) => {
      const bad = fields.filter((field) => typeof fieldValue(record, field) !== 'string');
      if (bad.length === 0) return null;
      const describe = (field: string): string => {
        const value = fieldValue(record, field);
        return value === undefined ? `${field} missing` : `${field} is ${value === null ? 'null' : typeof value}`;
      };
      return {
        message: `not a string: ${bad.map(describe).join(', ')}`,
        values: Object.fromEntries(bad.map((field) => [field, fieldValue(record, field) ?? null])),
      };
    },
  );
}

/** The fields among `fields` whose string value `isBad` picks, and those values, as a finding (or null for none). */
function textFinding(
  record: RawRecord,
  fields: readonly string[],
  isBad: (value: string) => boolean,
  what: string,
): RuleFinding | null {
  const bad = fields.filter((field) => {
    const value = stringValue(record, field);
    return value !== undefined && isBad(value);
  });
  if (bad.length === 0) return null;
  return {
    message: `${what}: ${bad.join(', ')}`,
    values: Object.fromEntries(bad.map((field) => [field, stringValue(record, field)])),
  };
}

/**
 * Text the formats can carry, and text the source sent intact. A lone UTF-16 surrogate (a JSON `\ud800` without
 * its pair) has no UTF-8 form: it is published as U+FFFD (see normalizeText) and the raw file keeps the escape.
 * U+FFFD itself is what the harvest decodes bytes that are not valid UTF-8 to; the source could in principle mean
 * the character, but an election record never does, so a value holding it is flagged rather than passed silently.
 */
export function createTextEncodingRules(fields: readonly string[]): RecordQualityRule[] {
  return [
    recordRule(
      'text-unicode',
      { id: 'Teks Unicode yang sah', en: 'Text is valid Unicode' },
      {
        id: 'Setiap nilai adalah teks Unicode yang sah: tanpa surrogate UTF-16 tunggal (misalnya \\ud800 tanpa pasangannya), yang tidak dapat ditulis dalam UTF-8 dan diterbitkan sebagai U+FFFD (�).',
        en: 'Every value is valid Unicode text: no lone UTF-16 surrogate (such as \\ud800 without its pair), which cannot be written in UTF-8 and is published as U+FFFD (�).',
      },
      fields,
      (record) => textFinding(record, fields, (value) => !value.isWellFormed(), 'lone surrogate in'),
    ),
    recordRule(
      'text-utf8',
      { id: 'Sumber mengirim UTF-8 yang sah', en: 'Source sent valid UTF-8' },
      {
        id: 'Tidak ada nilai yang memuat U+FFFD (�): sumber mengirim bita yang bukan UTF-8 yang sah, yang ditampilkan sebagai �.',
        en: 'No value holds U+FFFD (�): the source sent bytes that are not valid UTF-8, shown as �.',
      },
      fields,
      (record) =>
        textFinding(
          record,
          fields,
          (value) => value.includes(REPLACEMENT_CHARACTER),
          'U+FFFD (invalid UTF-8 from the source) in',
        ),
    ),
  ];
}

/** A field whose whole value must match a pattern, such as a four-digit year. Not trimmed: " 2014" breaks it. */
export function createPatternRule(options: {
  id: string;
  field: string;
  pattern: RegExp;
  expected: string;
  title: Localized;
  description: Localized;
}): RecordQualityRule {
  const { id, field, pattern, expected } = options;
  return recordRule(id, options.title, options.description, [field], (record) => {
    const value = stringValue(record, field);
    if (value === undefined || pattern.test(value)) return null;
    return { message: `${field} is not ${expected}`, values: { [field]: value } };
  });
}

/** The election year in `field` (each upstream spells it its own way): exactly four digits. */
export function createYearFormatRule(field: string): RecordQualityRule {
  return createPatternRule({
    id: 'year-format',
    field,
    pattern: /^[0-9]{4}$/,
    expected: 'four digits',
    title: { id: 'Tahun empat angka', en: 'Year of four digits' },
    description: { id: `${field} terdiri atas tepat empat angka.`, en: `${field} is exactly four digits.` },
  });
}

/** The dapil id of the official dapil lists (IdDapil): the province code and the dapil number, four digits. */
export function createDapilIdFormRule(): RecordQualityRule {
  return createPatternRule({
    id: 'dapil-id-form',
    field: 'IdDapil',
    pattern: /^[0-9]{4}$/,
    expected: 'four digits',
    title: { id: 'Kode dapil empat angka', en: 'Dapil id of four digits' },
    description: {
      id: 'IdDapil terdiri atas kode provinsi dan nomor dapil, empat angka.',
      en: 'IdDapil is the province code and the dapil number, four digits.',
    },
  });
}

/** Fields that must carry text once trimmed: whitespace alone would be published as null. */
export function createNameNonEmptyRule(
  fields: readonly string[],
  title: Localized,
  description: Localized,
): RecordQualityRule {
  return recordRule('name-non-empty', title, description, fields, (record) => {
    const empty = fields.filter((field) => {
      const value = stringValue(record, field);
      return value !== undefined && isBlank(value);
    });
    if (empty.length === 0) return null;
    return {
      message: `empty: ${empty.join(', ')}`,
      values: Object.fromEntries(empty.map((field) => [field, stringValue(record, field)])),
    };
  });
}

/** Counts are strings of decimal digits (seed 2); an empty count is not a zero. */
export function createCountDigitsRule(fields: readonly string[]): RecordQualityRule {
  return recordRule(
    'count-digits',
    { id: 'Jumlah berupa angka', en: 'Counts are digits' },
    {
      id: 'Setiap jumlah berupa deretan angka desimal saja, tanpa tanda, spasi, atau pemisah ribuan; nilai kosong bukan nol.',
      en: 'Every count is a string of decimal digits only, without sign, spaces or thousands separators; an empty value is not zero.',
    },
    fields,
    (record) => {
      const bad = fields.filter((field) => {
        const value = stringValue(record, field);
        return value !== undefined && !isDigits(value);
      });
      if (bad.length === 0) return null;
      return {
        message: `not digits: ${bad.join(', ')}`,
        values: Object.fromEntries(bad.map((field) => [field, stringValue(record, field)])),
      };
    },
  );
}

/** Counts the downstream formats (JSON numbers, doubles) can hold exactly; the publisher's own limit, not upstream's. */
export function createCountSafeIntegerRule(fields: readonly string[]): RecordQualityRule {
  return recordRule(
    'count-safe-integer',
    { id: 'Jumlah dapat disimpan tepat', en: 'Counts fit an exact number' },
    {
      id: 'Setiap jumlah paling besar 9.007.199.254.740.991 (Number.MAX_SAFE_INTEGER); angka lebih besar tidak dapat ditulis tepat dalam JSON, CSV, atau Parquet sehingga diterbitkan kosong.',
      en: 'Every count is at most 9,007,199,254,740,991 (Number.MAX_SAFE_INTEGER); a larger one cannot be written exactly to JSON, CSV or Parquet, so it is published as null.',
    },
    fields,
    (record) => {
      const tooLarge = fields.filter((field) => {
        const value = stringValue(record, field);
        return value !== undefined && isDigits(value) && !isSafeCount(value);
      });
      if (tooLarge.length === 0) return null;
      return {
        message: `larger than 9007199254740991: ${tooLarge.join(', ')}`,
        values: Object.fromEntries(tooLarge.map((field) => [field, stringValue(record, field)])),
      };
    },
  );
}

/** Whether summing `addends` in doubles and comparing with `total` is exact: at most 9 addends, each count of at most 15 digits. */
function sumsExactlyInDoubles(addends: readonly string[], total: string): boolean {
  if (addends.length > 9 || total.length > EXACT_DIGITS) return false;
  for (const addend of addends) if (addend.length > EXACT_DIGITS) return false;
  return true;
}

/**
 * The sum of digit strings as a decimal string when it differs from `total`, else null: in doubles when that is
 * exact, else BigInt. Example: (["1", "2"], "3") → null; (["1", "2"], "4") → "3".
 */
function sumUnlessEqual(addends: readonly string[], total: string): string | null {
  if (sumsExactlyInDoubles(addends, total)) {
    let sum = 0;
    for (const addend of addends) sum += Number(addend);
    return sum === Number(total) ? null : String(sum);
  }
  const sum = addends.reduce((accumulated, value) => accumulated + BigInt(value), 0n);
  return sum === BigInt(total) ? null : String(sum);
}

/**
 * addends summed = total, exactly, so counts of any size compare exactly: in doubles while every count has at
 * most 15 digits (the usual case, and much faster), in BigInt arithmetic otherwise. A record where a value is
 * missing or not digits is left to the rules on those fields.
 * `broken` is how the report states a break, e.g. "DPT: male+female != both".
 */
export function createSumRule(options: {
  id: string;
  addends: readonly string[];
  total: string;
  broken: string;
  title: Localized;
  description: Localized;
}): RecordQualityRule {
  const { id, addends, total, broken } = options;
  return recordRule(id, options.title, options.description, [...addends, total], (record) => {
    // This runs for every record a few times: the addends' values in one array, nothing else made unless broken.
    const totalValue = stringValue(record, total);
    if (totalValue === undefined || !isDigits(totalValue)) return null;
    const addendValues: string[] = [];
    for (const field of addends) {
      const value = stringValue(record, field);
      if (value === undefined || !isDigits(value)) return null;
      addendValues.push(value);
    }
    const sum = sumUnlessEqual(addendValues, totalValue);
    if (sum === null) return null;
    return {
      message: `${broken} (${addendValues.join(' + ')} = ${sum}, ${total} = ${totalValue})`,
      values: {
        ...Object.fromEntries(addends.map((field, index) => [field, addendValues[index]])),
        [total]: totalValue,
        sum,
      },
    };
  });
}

/** A field that may be empty but, when it is not, must be accepted by `accepts` (given the value as the source sent it). */
export function createOptionalFormatRule(options: {
  id: string;
  field: string;
  accepts: (value: string) => boolean;
  expected: string;
  title: Localized;
  description: Localized;
}): RecordQualityRule {
  const { id, field, accepts, expected } = options;
  return recordRule(id, options.title, options.description, [field], (record) => {
    const value = stringValue(record, field);
    if (value === undefined || isBlank(value) || accepts(value)) return null;
    return { message: `${field} is not ${expected}`, values: { [field]: value } };
  });
}

/**
 * The key identifies one published record, so it is compared as published: each key field converted by its
 * column's parser, null when empty or unconvertible (" 2014" and "2014", or "ACEH  BARAT" and "ACEH BARAT",
 * are the same key). Every record of a duplicated key is flagged, since none of them is more the original
 * than the others.
 */
export function createKeyUniqueRule(keyFields: readonly string[]): DatasetQualityRule {
  return {
    kind: 'dataset',
    id: 'key-unique',
    title: { id: 'Kunci unik', en: 'Key unique' },
    description: {
      id: `Tidak ada dua rekaman dengan kunci yang sama (${keyFields.join(', ')}), dibandingkan setelah normalisasi.`,
      en: `No two records share the key (${keyFields.join(', ')}), compared after normalization.`,
    },
    fields: keyFields,
    test: (records: readonly RawRecord[], dataset: DatasetDefinition): ReadonlyMap<number, RuleFinding> => {
      const columnsBySource = new Map<string, ColumnDefinition>(
        dataset.columns.flatMap((column) => (column.source === null ? [] : [[column.source, column] as const])),
      );
      const publishedKey = (record: RawRecord): string =>
        JSON.stringify(
          keyFields.map((field) => {
            const column = columnsBySource.get(field);
            const parsed = parseColumnValue(
              column === undefined || column.type === 'text_list' ? 'text' : column.type,
              fieldValue(record, field),
            );
            return parsed.ok ? parsed.value : null;
          }),
        );
      // Each key's first position, and the positions of the keys met again: a list per key only for those (a
      // million unique keys made a million one-element arrays).
      const firstByKey = new Map<string, number>();
      const sharedKeys = new Map<string, number[]>();
      records.forEach((record, position) => {
        const key = publishedKey(record);
        const first = firstByKey.get(key);
        if (first === undefined) firstByKey.set(key, position);
        else {
          const positions = sharedKeys.get(key);
          if (positions === undefined) sharedKeys.set(key, [first, position]);
          else positions.push(position);
        }
      });
      const findings = new Map<number, RuleFinding>();
      for (const positions of sharedKeys.values()) {
        for (const position of positions) {
          const record = records[position] ?? {};
          findings.set(position, {
            message: `key shared by the records at positions ${positions.join(', ')}`,
            values: {
              ...Object.fromEntries(keyFields.map((field) => [field, fieldValue(record, field) ?? null])),
              positions,
            },
          });
        }
      }
      return findings;
    },
  };
}

/**
 * The record's regency is found in the official list of region codes (docs/data.md, "Region codes"): the
 * province from the dapil id, the name by the normalization rules or the crosswalk. Not judged while the dapil
 * id is not digits or the name is empty or not a string: `dapil-id-digits`, `name-non-empty` and
 * `field-string` report those. The region code columns are null exactly when this rule or one of those flags.
 */
export function createRegionCodeRule(options: {
  dapilIdField: string;
  regencyNameField: string;
  match: (dapilId: string, regencyName: string) => { regencyCode: string | null; reason?: string };
}): RecordQualityRule {
  const { dapilIdField, regencyNameField, match } = options;
  const rule = recordRule(
    'region-code-match',
    { id: 'Kode wilayah ditemukan', en: 'Region code found' },
    {
      id: `Kode provinsi (dua angka pertama ${dapilIdField}) ada dalam daftar resmi Kemendagri, dan ${regencyNameField} ditemukan di provinsi itu menurut aturan penormalan nama atau crosswalk proyek; bila tidak, rekaman tidak mendapat kode.`,
      en: `The province code (the first two digits of ${dapilIdField}) is in Kemendagri's official list, and ${regencyNameField} is found in that province by the name normalization rules or the project's crosswalk; otherwise the record gets no code.`,
    },
    [dapilIdField, regencyNameField],
    (record) => {
      const dapilId = stringValue(record, dapilIdField);
      const regencyName = stringValue(record, regencyNameField);
      if (dapilId === undefined || regencyName === undefined || !isDigits(dapilId) || isBlank(regencyName)) return null;
      const found = match(dapilId, regencyName);
      if (found.regencyCode !== null) return null;
      return {
        message: found.reason ?? 'no region code',
        values: { [dapilIdField]: dapilId, [regencyNameField]: regencyName },
      };
    },
  );
  // Judged against the official region list, not the upstream's format (see QualityRuleBase.reference).
  return { ...rule, reference: true };
}
