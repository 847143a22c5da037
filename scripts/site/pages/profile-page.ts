// A profile page (a party's, in a year): its texts in each language (LANGS).
import type { Lang } from '../../languages.ts';

export interface ProfileText {
  title: (name: string, year: number) => string;
  profile: string;
  empty: string;
  unreadable: (raw: string) => string;
  noOtherYears: string;
  duplicate: (count: number) => string;
}

const id: ProfileText = {
  title: (name, year) => `${name}, pemilu ${year}`,
  profile: 'Profil',
  empty: 'Tidak diisi oleh sumber',
  unreadable: (raw) => `Nilai dari sumber tidak dapat dibaca: ${raw}`,
  noOtherYears: 'Partai ini tidak ada pada tahun lain dalam data ini (menurut kode partai lintas tahun, party_id).',
  duplicate: (count) => `Sumber memberi ${count} rekaman dengan nomor urut ini; semuanya ditampilkan.`,
};

const en: ProfileText = {
  title: (name, year) => `${name}, ${year} election`,
  profile: 'Profile',
  empty: 'Left empty by the source',
  unreadable: (raw) => `The source's value could not be read: ${raw}`,
  noOtherYears: 'This party is in no other year of this data (by its party id across years, party_id).',
  duplicate: (count) => `The source gives ${count} records with this ballot number; all are shown.`,
};

export const PROFILE_TEXT: Record<Lang, ProfileText> = { id, en };
