// Reading a slice of a record batch (scripts/snapshot/table-reader.ts), as the release stage reads the all-years Arrow
// files into SQLite a few thousand rows at a time: every slice of the fixtures' batches, whatever its start and
// length, reads as exactly those rows of the whole batch, in every column kind (integers, decimals, dates, texts,
// text lists), nulls and the empty list included.
import { describe, expect, it } from 'vitest';
import { createTableBuilder } from '../../scripts/snapshot/arrow-schema.ts';
import { readBatchColumns } from '../../scripts/snapshot/table-reader.ts';
import { FIXTURES } from './snapshot-fixtures.ts';

describe('readBatchColumns on a slice of a record batch', () => {
  it.each(FIXTURES.map((fixture) => [fixture.dataset.id, fixture] as const))(
    '%s: every slice reads as those rows of the whole batch',
    (_id, { dataset, records }) => {
      // The records four times over, so slices start and end inside and across their runs.
      const builder = createTableBuilder(dataset.columns);
      for (let round = 0; round < 4; round += 1) for (const record of records) builder.appendRecord(record);
      const [batch] = builder.finish().batches;
      if (batch === undefined) throw new Error('no record batch');
      const whole = readBatchColumns(batch).map((column) => column.values);
      for (let start = 0; start < batch.numRows; start += 1)
        for (let end = start + 1; end <= batch.numRows; end += 1) {
          const slice = readBatchColumns(batch.slice(start, end));
          expect(
            slice.map((column) => column.values),
            `rows ${start} to ${end}`,
          ).toEqual(whole.map((values) => values.slice(start, end)));
          expect(slice.every((column) => column.failure === undefined)).toBe(true);
        }
    },
  );
});
