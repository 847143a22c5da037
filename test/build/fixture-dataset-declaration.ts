// A third dataset, declared once for test/build/fixture-dataset.test.ts and nowhere else: the seats of each dapil
// per election year, as a stand-in upstream query `kursidapil` would give them. KPU_TEST_DATASETS names this
// module, so the registry (scripts/datasets/datasets.ts) lists it after the shipped datasets, in every process of
// the build. Its values are made up (CONTOH), not the law's.
import {
  defineDataset,
  QUALITY_FLAGS_COLUMN,
  type DatasetDefinition,
} from '../../scripts/datasets/dataset-definition.ts';
import {
  createCountDigitsRule,
  createFieldStringRule,
  createKeyUniqueRule,
  createPatternRule,
} from '../../scripts/datasets/quality-rules.ts';

const upstreamFields = ['TahunPemilu', 'IdDapil', 'NamaDapil', 'JumlahKursi'];
const keyFields = ['TahunPemilu', 'IdDapil'];

export const seatsDataset = defineDataset({
  id: 'seats',
  fileStem: 'kpu-dpr-seats-by-dapil',
  title: { id: 'Kursi DPR per dapil (contoh)', en: 'DPR seats per dapil (example)' },
  description: {
    id: 'Jumlah kursi DPR setiap daerah pemilihan per tahun pemilu; data contoh untuk pengujian.',
    en: 'Number of DPR seats of each electoral district per election year; example data for the tests.',
  },
  path: '/api/kursidapil',
  upstreamName: 'kursidapil',
  upstreamFields,
  keyFields,
  yearField: 'TahunPemilu',
  valuesSeenFields: [],
  filterParameter: 'id_dapil',
  columns: [
    {
      name: 'election_year',
      type: 'integer',
      source: 'TahunPemilu',
      unit: 'year',
      nullable: true,
      title: { id: 'Tahun pemilu', en: 'Election year' },
      description: { id: 'Tahun penyelenggaraan pemilu.', en: 'Year of the election.' },
    },
    {
      name: 'dapil_id',
      type: 'text',
      source: 'IdDapil',
      nullable: true,
      title: { id: 'Kode dapil', en: 'Dapil id' },
      description: { id: 'Kode daerah pemilihan.', en: 'Electoral district (dapil) identifier.' },
    },
    {
      name: 'dapil_name',
      type: 'text',
      source: 'NamaDapil',
      nullable: true,
      title: { id: 'Nama dapil', en: 'Dapil name' },
      description: { id: 'Nama daerah pemilihan.', en: 'Electoral district (dapil) name.' },
    },
    {
      name: 'seats',
      type: 'integer',
      source: 'JumlahKursi',
      nullable: true,
      title: { id: 'Jumlah kursi', en: 'Seats' },
      description: { id: 'Jumlah kursi DPR dapil ini.', en: 'Number of DPR seats of this dapil.' },
    },
    QUALITY_FLAGS_COLUMN,
  ],
  rules: [
    createFieldStringRule(upstreamFields),
    createPatternRule({
      id: 'year-format',
      field: 'TahunPemilu',
      pattern: /^[0-9]{4}$/,
      expected: 'four digits',
      title: { id: 'Tahun empat angka', en: 'Year of four digits' },
      description: { id: 'TahunPemilu terdiri atas tepat empat angka.', en: 'TahunPemilu is exactly four digits.' },
    }),
    createCountDigitsRule(['JumlahKursi']),
    createKeyUniqueRule(keyFields),
  ],
  roles: { year: 'election_year', pageKey: 'dapil_id', displayName: 'dapil_name', filter: 'dapil_id' },
  pages: {
    slug: { id: 'kursi', en: 'seats' },
    view: 'profile',
    keyLabel: { id: 'Dapil', en: 'Dapil' },
    recordsLabel: { id: 'Rekaman kursi', en: 'Seat records' },
  },
});

const datasets: readonly DatasetDefinition[] = [seatsDataset];
export default datasets;
