// Matches a record's dapil id and regency name to the official province and regency codes (docs/data.md,
// "Region codes"): the province from the dapil id, the name by the normalization rules, then the crosswalk.
// Pure: the official list and the crosswalk are arguments; never a guess (no fuzzy match, no "closest" name).
import { loadOfficialRegions, provincesOf, type OfficialRegency, type OfficialRegions } from './official-regions.ts';
import { REGION_CROSSWALK, type CrosswalkEntry } from './region-crosswalk.ts';
import { normalizeRegionName, type NormalizedRegionName } from './region-names.ts';

type RegionMatch =
  | {
      /** How the regency was found: by the normalization rules, or through the crosswalk. */
      method: 'rule' | 'crosswalk';
      provinceCode: string;
      regencyCode: string;
      /** The official name: "Kabupaten Aceh Selatan". */
      officialName: string;
    }
  | {
      method: 'none';
      /** The dapil's province when the dapil id names one; null otherwise. */
      provinceCode: string | null;
      regencyCode: null;
      /** A sentence for the quality report and the record's page. */
      reason: string;
    };

/** Dapil ids of 2014, 2019 and 2024 are the province's two-digit code and a two-digit number: "1101" = ACEH I. */
const DAPIL_ID = /^([0-9]{2})[0-9]{2}$/;

/** A bare name (no KABUPATEN or KOTA) is a kabupaten, as KPU writes them, or one of DKI Jakarta's administrative cities. */
function kindFits(source: NormalizedRegionName, regency: OfficialRegency): boolean {
  if (source.kind === 'bare') return regency.kind === 'kabupaten' || regency.administrative;
  return source.kind === regency.kind;
}

/** A crosswalk name matches a source name of the same kind; a bare one also matches KABUPATEN + the same name. */
function crosswalkKindFits(source: NormalizedRegionName, entry: NormalizedRegionName): boolean {
  const asKabupaten = (kind: string): string => (kind === 'bare' ? 'kabupaten' : kind);
  return asKabupaten(source.kind) === asKabupaten(entry.kind);
}

export interface RegionMatcher {
  match(dapilId: string, regencyName: string): RegionMatch;
}

/**
 * Example: match("1201", "KOTA PADANG SIDIMPUAN") → {method: 'rule', provinceCode: '12', regencyCode: '1277',
 * officialName: 'Kota Padangsidimpuan'}; match("1202", "TOBA SAMOSIR") → method 'crosswalk', '1212';
 * match("1101", "ACEH BARATT") → {method: 'none', provinceCode: '11', regencyCode: null, reason: …}.
 */
export function createRegionMatcher(official: OfficialRegions, crosswalk: readonly CrosswalkEntry[]): RegionMatcher {
  const byKey = new Map<string, OfficialRegency[]>();
  const byCode = new Map<string, OfficialRegency>();
  for (const regency of official.regencies) {
    const id = `${regency.provinceCode}|${regency.key}`;
    byKey.set(id, [...(byKey.get(id) ?? []), regency]);
    byCode.set(regency.code, regency);
  }
  const crosswalkByKey = new Map<string, { entry: CrosswalkEntry; normalized: NormalizedRegionName }[]>();
  for (const entry of crosswalk) {
    const normalized = normalizeRegionName(entry.name);
    const id = `${entry.provinceCode}|${normalized.key}`;
    crosswalkByKey.set(id, [...(crosswalkByKey.get(id) ?? []), { entry, normalized }]);
  }
  const families = new Map([...official.provinces.keys()].map((code) => [code, provincesOf(code)]));
  const cache = new Map<string, RegionMatch>();

  function matchUncached(dapilId: string, regencyName: string): RegionMatch {
    const dapil = DAPIL_ID.exec(dapilId);
    const provinceCode = dapil?.[1];
    if (provinceCode === undefined || !official.provinces.has(provinceCode)) {
      return {
        method: 'none',
        provinceCode: null,
        regencyCode: null,
        reason: `dapil id ${JSON.stringify(dapilId)} is not a province code of the official list followed by two digits`,
      };
    }
    const source = normalizeRegionName(regencyName);
    const provinces = families.get(provinceCode) ?? [provinceCode];
    const candidates: OfficialRegency[] = [];
    for (const province of provinces) {
      for (const regency of byKey.get(`${province}|${source.key}`) ?? []) {
        if (kindFits(source, regency)) candidates.push(regency);
      }
    }
    if (candidates.length === 1 && candidates[0]) {
      const [regency] = candidates;
      return { method: 'rule', provinceCode, regencyCode: regency.code, officialName: regency.name };
    }
    const [, ...split] = provinces;
    const where =
      split.length === 0
        ? `province ${provinceCode}`
        : `province ${provinceCode} or those split from it (${split.join(', ')})`;
    if (candidates.length > 1) {
      return {
        method: 'none',
        provinceCode,
        regencyCode: null,
        reason: `${JSON.stringify(regencyName)} fits ${candidates.map((regency) => `${regency.name} (${regency.code})`).join(' and ')} in ${where}: ambiguous, so no code`,
      };
    }
    const crosswalked = crosswalkByKey
      .get(`${provinceCode}|${source.key}`)
      ?.find(({ normalized }) => crosswalkKindFits(source, normalized));
    const regency = crosswalked ? byCode.get(crosswalked.entry.regencyCode) : undefined;
    if (regency && provinces.includes(regency.provinceCode)) {
      return { method: 'crosswalk', provinceCode, regencyCode: regency.code, officialName: regency.name };
    }
    const kind = source.kind === 'bare' ? 'kabupaten' : source.kind;
    return {
      method: 'none',
      provinceCode,
      regencyCode: null,
      reason: `no ${kind} named ${JSON.stringify(source.name)} in ${where} of the official list, nor in the project's crosswalk`,
    };
  }

  return {
    match(dapilId, regencyName) {
      const id = `${dapilId}\u0000${regencyName}`;
      let result = cache.get(id);
      if (result === undefined) {
        result = matchUncached(dapilId, regencyName);
        // Real data has a few thousand distinct (dapil, name) pairs; the bound only keeps huge synthetic runs flat.
        if (cache.size >= 20_000) cache.clear();
        cache.set(id, result);
      }
      return result;
    },
  };
}

let officialMatcher: RegionMatcher | undefined;

/** The matcher of the official list (idn-area-data in node_modules) and the project's crosswalk, built on first use. */
export function officialRegionMatcher(): RegionMatcher {
  officialMatcher ??= createRegionMatcher(loadOfficialRegions(), REGION_CROSSWALK);
  return officialMatcher;
}
