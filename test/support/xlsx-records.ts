// Reads an XLSX snapshot back in-process with ExcelJS's reader, as normalized records: each cell's stored type
// is checked against its column's declared type (text must be a text cell, counts and decimals number cells,
// dates date cells), so a code turned into a number fails here.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { DatasetDefinition } from '../../scripts/datasets/dataset-definition.ts';
import type { NormalizedRecord, NormalizedValue } from '../../scripts/snapshot/arrow-schema.ts';
import { XLSX_ABOUT_SHEET, XLSX_DATA_SHEET } from '../../scripts/snapshot/xlsx-writer.ts';

export interface XlsxContents {
  header: string[];
  records: NormalizedRecord[];
  workbook: ExcelJS.Workbook;
}

function valueOf(dataset: Pick<DatasetDefinition, 'columns'>, name: string, cell: ExcelJS.Cell): NormalizedValue {
  const column = dataset.columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`XLSX column ${name} is not declared`);
  const where = `${cell.address} (${name})`;
  if (cell.type === ExcelJS.ValueType.Null) return column.type === 'text_list' ? [] : null;
  switch (column.type) {
    case 'text':
    case 'text_list': {
      if (cell.type !== ExcelJS.ValueType.String) throw new Error(`${where} is not a text cell: ${String(cell.value)}`);
      const text = cell.value as string;
      return column.type === 'text' ? text : text === '' ? [] : text.split(';');
    }
    case 'integer':
    case 'decimal':
      if (cell.type !== ExcelJS.ValueType.Number) throw new Error(`${where} is not a number cell`);
      return cell.value as number;
    case 'date':
      if (cell.type !== ExcelJS.ValueType.Date) throw new Error(`${where} is not a date cell`);
      return (cell.value as Date).toISOString().slice(0, 10);
  }
}

export async function readXlsxRecords(
  bytes: Buffer,
  dataset: Pick<DatasetDefinition, 'columns'>,
): Promise<XlsxContents> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const names = workbook.worksheets.map((sheet) => sheet.name);
  if (names[0] !== XLSX_DATA_SHEET || names.at(-1) !== XLSX_ABOUT_SHEET)
    throw new Error(`XLSX sheets are ${names.join(', ')}`);
  const sheet = workbook.getWorksheet(XLSX_DATA_SHEET) as ExcelJS.Worksheet;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const records: NormalizedRecord[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    records.push(
      Object.fromEntries(header.map((name, index) => [name, valueOf(dataset, name, row.getCell(index + 1))])),
    );
  }
  return { header, records, workbook };
}

/** A workbook file's about sheet as label → text rows (column A → column B), as a reader sees it in ExcelJS. */
export async function readAboutRows(file: string): Promise<Map<string, string>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(XLSX_ABOUT_SHEET);
  if (sheet === undefined) throw new Error(`${file} has no ${XLSX_ABOUT_SHEET} sheet`);
  const rows = new Map<string, string>();
  sheet.eachRow((row) => {
    const [label, text] = [row.getCell(1).value, row.getCell(2).value];
    if (typeof label === 'string' && typeof text === 'string') rows.set(label, text);
  });
  return rows;
}
