// One party across election years: the declared alias table (every name and acronym a party has had in the
// profiles of 2014, 2019 and 2024, renamed parties included) and the one function that gives a party record its
// stable `party_id`. The normalizer fills the party files' column with it and the site's "same party in other
// years" links compare that column, so the files and the pages cannot disagree (docs/data.md, "Party identifier").

/**
 * A party and every name and acronym it has been published under. `id` is the stable identifier: a short
 * lower-case slug, never reused for another party and never changed once published. `renamed` says, with a
 * public source, when one party took a new name, so a reader can check why two names share an id.
 */
export interface PartyAlias {
  id: string;
  names: readonly string[];
  acronyms: readonly string[];
  renamed?: string;
}

/**
 * The parties of the DPR elections of 2014, 2019 and 2024 (national parties and Aceh's local parties), as the
 * KPU's party lists name them. Matching ignores case, accents, punctuation and spacing (`partyMatchKey`), so
 * "PARTAI NASDEM", "Partai NasDem" and "Partai Nasdem" need one entry. A new party, or a new name of a known
 * one, is a new entry or a new alias here; a party matching nothing still gets an identifier of its own.
 */
export const PARTY_ALIASES: readonly PartyAlias[] = [
  { id: 'pkb', names: ['Partai Kebangkitan Bangsa'], acronyms: ['PKB'] },
  { id: 'gerindra', names: ['Partai Gerakan Indonesia Raya'], acronyms: ['Gerindra', 'Partai Gerindra'] },
  {
    id: 'pdip',
    names: ['Partai Demokrasi Indonesia Perjuangan'],
    acronyms: ['PDI-P', 'PDIP', 'PDI Perjuangan'],
  },
  { id: 'golkar', names: ['Partai Golongan Karya'], acronyms: ['Golkar', 'Partai Golkar'] },
  { id: 'nasdem', names: ['Partai NasDem'], acronyms: ['NasDem'] },
  { id: 'pks', names: ['Partai Keadilan Sejahtera'], acronyms: ['PKS'] },
  { id: 'ppp', names: ['Partai Persatuan Pembangunan'], acronyms: ['PPP'] },
  { id: 'pan', names: ['Partai Amanat Nasional'], acronyms: ['PAN'] },
  { id: 'hanura', names: ['Partai Hati Nurani Rakyat'], acronyms: ['Hanura', 'Partai Hanura'] },
  { id: 'demokrat', names: ['Partai Demokrat'], acronyms: ['Demokrat', 'Dem', 'PD'] },
  { id: 'pbb', names: ['Partai Bulan Bintang'], acronyms: ['PBB'] },
  { id: 'pkpi', names: ['Partai Keadilan dan Persatuan Indonesia'], acronyms: ['PKPI'] },
  { id: 'psi', names: ['Partai Solidaritas Indonesia'], acronyms: ['PSI'] },
  { id: 'berkarya', names: ['Partai Berkarya'], acronyms: ['Berkarya'] },
  {
    id: 'garuda',
    names: [
      'Partai Gerakan Perubahan Indonesia',
      'Partai Garda Perubahan Indonesia',
      'Partai Garda Republik Indonesia',
    ],
    acronyms: ['Garuda', 'Partai Garuda'],
    renamed:
      "Partai Gerakan Perubahan Indonesia (2019) is Partai Garuda in 2024: Partai Garda Republik Indonesia, which the KPU's 2024 profile list writes Partai Garda Perubahan Indonesia.",
  },
  {
    id: 'perindo',
    names: ['Partai Persatuan Indonesia', 'Persatuan Indonesia', 'Partai Perindo'],
    acronyms: ['Perindo'],
    renamed:
      'Persatuan Indonesia (Perindo) in 2019 is Partai Perindo in 2024; the 2024 list gives "Persatuan Indonesia" as its acronym.',
  },
  { id: 'buruh', names: ['Partai Buruh'], acronyms: [] },
  { id: 'gelora', names: ['Partai Gelombang Rakyat Indonesia'], acronyms: ['Gelora', 'Gelora Indonesia'] },
  { id: 'pkn', names: ['Partai Kebangkitan Nusantara'], acronyms: ['PKN'] },
  { id: 'ummat', names: ['Partai Ummat'], acronyms: [] },
  // Aceh's local parties (UU 11/2006), on the ballot in Aceh only.
  { id: 'partai-aceh', names: ['Partai Aceh'], acronyms: ['PA'] },
  {
    id: 'pna',
    names: ['Partai Nasional Aceh', 'Partai Nanggroe Aceh'],
    acronyms: ['PNA', 'Partai Nangroe Aceh'],
    renamed:
      'Partai Nasional Aceh (2014) renamed itself Partai Nanggroe Aceh in 2017, keeping PNA (SK Kemenkumham W1-306.AH.11.01 Tahun 2017).',
  },
  {
    id: 'pda',
    names: ['Partai Damai Aceh', 'Partai Daerah Aceh', 'Partai Darul Aceh'],
    acronyms: ['PDA'],
    renamed:
      'Partai Damai Aceh (2014) became Partai Daerah Aceh in 2016 and Partai Darul Aceh in 2021, keeping PDA (SK Kemenkumham Aceh W.1-352.AH.11.01 Tahun 2021).',
  },
  {
    id: 'sira',
    names: ['Partai SIRA', 'Partai SIRA (Soliditas Independen Rakyat Aceh)'],
    acronyms: ['SIRA'],
  },
  { id: 'pas-aceh', names: ['Partai Adil Sejahtera Aceh'], acronyms: ['PAS Aceh'] },
  { id: 'gabthat', names: ["Partai Generasi Atjeh Beusaboh Tha'at Dan Taqwa"], acronyms: ['GABTHAT'] },
];

/** Text for matching one party across years: case, accents, punctuation and spacing do not count. "Partai NasDem" ≡ "PARTAI NASDEM". */
export function partyMatchKey(text: string | null): string | null {
  if (text === null) return null;
  const key = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return key === '' ? null : key;
}

/** Every alias's match key → its party id; an alias claimed by two parties is a mistake in the table. */
function indexAliases(aliases: readonly PartyAlias[]): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  const ids = new Set<string>();
  for (const party of aliases) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(party.id)) throw new Error(`party alias table: "${party.id}" is not a slug`);
    if (ids.has(party.id)) throw new Error(`party alias table: ${party.id} is declared twice`);
    ids.add(party.id);
    for (const alias of [...party.names, ...party.acronyms]) {
      const key = partyMatchKey(alias);
      if (key === null) throw new Error(`party alias table: ${party.id} has an empty alias`);
      const other = index.get(key);
      if (other !== undefined && other !== party.id)
        throw new Error(`party alias table: "${alias}" names both ${other} and ${party.id}`);
      index.set(key, party.id);
    }
  }
  return index;
}

const ALIAS_INDEX = indexAliases(PARTY_ALIASES);
const DECLARED_IDS: ReadonlySet<string> = new Set(PARTY_ALIASES.map((party) => party.id));

/** What identifies a party record: its name and acronym, and where it stands for the last resort. */
export interface PartyIdentityInput {
  name: string | null;
  acronym: string | null;
  year: number | null;
  ballot: string | null;
}

/**
 * The party's stable identifier. Its name is looked up in the alias table; its acronym only when the source
 * gives no name. Acronyms outlive names (PDA across three names) but are also reused (PD is Demokrat's in 2024),
 * so an unlisted name sharing a listed acronym is not taken for that party: a new name of a known party is
 * declared here first. A party matching nothing keeps an identifier of its own: its name as a slug (so an
 * unlisted party with the same name in two years still shares one), else its acronym's, suffixed `-unlisted`
 * should that slug be a declared id; with neither, `unnamed-<year>-<ballot>`.
 * Examples: ("PARTAI DEMOKRASI INDONESIA PERJUANGAN", "PDIP") → "pdip"; ("Partai Darul Aceh", "PDA") → "pda";
 * (null, "PKB") → "pkb"; ("Partai Contoh Satu", "PC1") → "partai-contoh-satu".
 */
export function partyIdOf(party: PartyIdentityInput): string {
  const own = partyMatchKey(party.name) ?? partyMatchKey(party.acronym);
  if (own === null) {
    const ballot = partyMatchKey(party.ballot)?.replace(/ /g, '-') ?? 'unknown';
    return `unnamed-${party.year ?? 'unknown'}-${ballot}`;
  }
  const declared = ALIAS_INDEX.get(own);
  if (declared !== undefined) return declared;
  const slug = own.replace(/ /g, '-');
  return DECLARED_IDS.has(slug) ? `${slug}-unlisted` : slug;
}
