// The official dapil tables of every election year the project knows, oldest first (official-dapils.ts).
import { DAPILS_2014 } from './dapil-dpr-2014.ts';
import { DAPILS_2019 } from './dapil-dpr-2019.ts';
import { DAPILS_2024 } from './dapil-dpr-2024.ts';
import type { OfficialDapilYear } from './official-dapils.ts';

export const OFFICIAL_DAPILS: readonly OfficialDapilYear[] = [DAPILS_2014, DAPILS_2019, DAPILS_2024];

export function officialDapilsOf(year: number): OfficialDapilYear | undefined {
  return OFFICIAL_DAPILS.find((table) => table.year === year);
}

/** Every official dapil id of every year, in order: the values of the turnout query's `id_dapil` that law names. */
export const OFFICIAL_DAPIL_IDS: readonly string[] = [
  ...new Set(OFFICIAL_DAPILS.flatMap((table) => table.dapils.map((dapil) => dapil.id))),
].sort();

/** The election years the official tables cover: the values of the party query's `tahun_pemilu` that law names. */
export const OFFICIAL_ELECTION_YEARS: readonly string[] = OFFICIAL_DAPILS.map((table) => String(table.year));
