import type { PriceList, PriceListImportReport } from '@toolworks/contract/price-lists';
import { useId, useState } from 'react';
import { saveFile } from '@/lib/download-file';
import { formatCount } from '@/lib/format';
import { exportLinesCsv, useImportLines } from '../api/import-lines';

const count = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

function Summary({ report, file }: { report: PriceListImportReport; file: string }) {
  const { added, updated, unchanged } = report;
  const refused = report.errors.length;
  const done = report.applied;
  return (
    <p role="status" className={done ? 'alert alert-success' : 'alert alert-info'}>
      {done ? 'Imported. ' : `Dry run of ${file}: `}
      {count(added, 'line')} {done ? 'added' : 'to add'}, {count(updated, 'line')}{' '}
      {done ? 'updated' : 'to update'}, {count(unchanged, 'line')} unchanged,{' '}
      {count(refused, 'row')} refused.
    </p>
  );
}

function RowErrors({ report }: { report: PriceListImportReport }) {
  if (!report.errors.length) return null;
  return (
    <div className="price-lines-table-wrap">
      <table className="price-lists-table">
        <caption>Refused rows</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">SKU</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {report.errors.map((error) => (
            <tr key={`${error.row}-${error.message}`}>
              <td>{error.row}</td>
              <td>{error.sku || '—'}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The list's fixed lines as a CSV, keyed by SKU: export them, edit them in a spreadsheet, and
 * import them back after a dry run that says what would change (as the catalogue import does).
 */
export function LinesImport({ list }: { list: PriceList }) {
  const fileId = useId();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const run = useImportLines(list._id);
  const report = run.data;

  const onExport = async () => {
    setExportError(null);
    try {
      saveFile(await exportLinesCsv(list._id));
    } catch (caught) {
      setExportError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const onFile = async (file: File | undefined) => {
    run.reset();
    if (!file) return setCsv(null);
    const text = await file.text();
    setCsv({ name: file.name, text });
    run.mutate({ csv: text, dryRun: true });
  };

  return (
    <section className="card" aria-labelledby="lines-csv-title">
      <div className="card-body">
        <h2 id="lines-csv-title">Lines as CSV</h2>
        <button type="button" className="btn btn-secondary" onClick={() => void onExport()}>
          Export lines (CSV)
        </button>
        {exportError ? (
          <p role="alert" className="field-error">
            {exportError}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={fileId} className="label">
            Import lines (CSV file)
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="input"
            disabled={run.isPending}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </div>
        {run.isPending ? (
          <p role="status" className="muted">
            {run.variables?.dryRun ? 'Checking every row of the file…' : 'Importing the lines…'}
          </p>
        ) : null}
        {run.isError ? (
          <p role="alert" className="alert alert-error">
            {run.error.message}
          </p>
        ) : null}
        {report && !run.isPending ? (
          <>
            <Summary report={report} file={csv?.name ?? 'the file'} />
            <RowErrors report={report} />
            {!report.applied ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!csv || report.errors.length > 0 || report.added + report.updated === 0}
                onClick={() => csv && run.mutate({ csv: csv.text, dryRun: false })}
              >
                Import
              </button>
            ) : null}
            {!report.applied && report.errors.length > 0 ? (
              <p className="muted">Fix the refused rows and choose the file again to import it.</p>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
