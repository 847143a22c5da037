// Writes the project's simplified copy of Indonesia's 38 province shapes (province-shapes.topo.json, beside this
// file) from ../shared/data/sources/indonesia_38_provinces.topo.json (CC BY 4.0), each shape keyed by its
// Kemendagri province code. A development tool, run by hand once: `npm run province-shapes` (the copy is committed
// with its licence, PROVINCE-SHAPES-LICENCE.md; test/site/province-map.unit.test.ts checks it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { presimplify, quantile, simplify } from 'topojson-simplify';
import { quantize } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { loadOfficialRegions } from '../../datasets/regions/official-regions.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = path.resolve(here, '../../../../shared/data/sources/indonesia_38_provinces.topo.json');
const TARGET = path.join(here, 'province-shapes.topo.json');
const OBJECT = 'indonesia-38-prov-topo';

/**
 * The source codes the six Papua provinces by their parent's two digits with a letter (KODE_PROV "91", id "91-C");
 * their Kemendagri codes, from UU 14, 15, 16 and 29/2022 (scripts/datasets/regions/official-regions.ts PROVINCE_SPLITS).
 */
const PAPUA_CODES: Readonly<Record<string, string>> = {
  '91-A': '91',
  '91-B': '95',
  '91-C': '93',
  '91-D': '94',
  '92-A': '92',
  '92-B': '96',
};

/** Share of the smallest triangle weights dropped (topojson-simplify's quantile): the higher, the coarser. */
const SIMPLIFY_QUANTILE = 0.93;
/** Grid of the stored coordinates (topojson quantization): about 2 km at Indonesia's width, below one SVG pixel. */
const QUANTIZE = 3000;

interface SourceProperties {
  KODE_PROV: string;
  PROVINSI: string;
}

/** Lower case, letters and digits only: "DKI Jakarta" and "Daerah Khusus Ibukota Jakarta" differ, so both are listed. */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const NAME_ALIASES: Readonly<Record<string, string>> = { 'dki jakarta': 'daerah khusus ibukota jakarta' };

function main(): void {
  if (!existsSync(SOURCE)) throw new Error(`${SOURCE} is missing: the shapes come from ../shared/data/sources/`);
  const source = JSON.parse(readFileSync(SOURCE, 'utf8')) as Topology<{
    [OBJECT]: GeometryCollection<SourceProperties>;
  }>;
  const official = loadOfficialRegions().provinces;
  const collection = source.objects[OBJECT];
  const seen = new Set<string>();
  for (const geometry of collection.geometries) {
    const properties = geometry.properties as Partial<SourceProperties> | undefined;
    if (properties?.KODE_PROV === undefined || properties.PROVINSI === undefined)
      throw new Error(`shape ${String(geometry.id)} without KODE_PROV and PROVINSI`);
    const code = PAPUA_CODES[String(geometry.id)] ?? properties.KODE_PROV;
    const province = official.get(code);
    const key = nameKey(properties.PROVINSI);
    if (province === undefined || nameKey(province.name) !== (NAME_ALIASES[key] ?? key))
      throw new Error(`shape ${String(geometry.id)} "${properties.PROVINSI}" is not official province ${code}`);
    if (seen.has(code)) throw new Error(`two shapes for province ${code}`);
    seen.add(code);
    geometry.id = code;
    // Only the code is kept: names come from the official list, in the page's own words.
    delete geometry.properties;
  }
  if (seen.size !== official.size) throw new Error(`${seen.size} shapes for ${official.size} official provinces`);
  collection.geometries.sort((a, b) => String(a.id).localeCompare(String(b.id)));
  const presimplified = presimplify(source);
  const simplified = simplify(presimplified, quantile(presimplified, SIMPLIFY_QUANTILE));
  const compact = quantize(simplified, QUANTIZE);
  const out = {
    type: compact.type,
    transform: compact.transform,
    objects: { provinces: compact.objects[OBJECT] },
    arcs: compact.arcs,
  };
  writeFileSync(TARGET, `${JSON.stringify(out)}\n`);
  console.log(`${path.relative(process.cwd(), TARGET)}: ${seen.size} provinces, ${readFileSync(TARGET).length} bytes`);
}

main();
