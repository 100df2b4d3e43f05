import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import type { Query } from '../api';
import { downloadCsv } from './csv';

/** "Export CSV": the server's CSV of the report at ``rest`` for ``query``. */
export function ExportCsvButton({ rest, query, disabled = false }: { rest: string; query: Query; disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      startIcon={<DownloadIcon />}
      disabled={disabled || busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadCsv(rest, query);
        } catch (refused) {
          notify((refused as Error).message || 'tessera.errors.unreachable', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {translate('tessera.reports.export_csv')}
    </Button>
  );
}
