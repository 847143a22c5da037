// The filter form's model (scripts/site/table-filter.ts): its count in each language's numbers, and a province list
// only where the rows span two provinces or more, each once, in the table's order.
import { describe, expect, it } from 'vitest';
import { tableFilter } from '../../scripts/site/table-filter.ts';

describe('tableFilter', () => {
  it('counts in each language’s numbers, leaving {shown} for the script', () => {
    expect(tableFilter('en', 'regencies', 1234)).toMatchObject({
      all: '1,234 regencies and cities',
      some: '{shown} of 1,234 regencies and cities',
      name: 'Name contains',
    });
    expect(tableFilter('id', 'dapils', 1234)).toMatchObject({ all: '1.234 dapil', some: '{shown} dari 1.234 dapil' });
  });

  it('offers each province once in the rows’ order, and no list for rows of one province', () => {
    expect(tableFilter('en', 'dapils', 4, ['ACEH', 'ACEH', 'BALI', 'ACEH']).provinces).toEqual(['ACEH', 'BALI']);
    expect(tableFilter('en', 'dapils', 2, ['ACEH', 'ACEH']).provinces).toEqual([]);
    expect(tableFilter('en', 'parties', 18).provinces).toEqual([]);
  });
});
