// The members' wallets at the brand's transfer-wallet vendors reconciled with what the vendors hold
// now (each reading asks the vendors again): the mismatches, and the members the vendors could not
// answer for, a page at a time.
import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  Pagination,
  SimpleList,
  TextField,
  Title,
  useList,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { usePhone } from '../common/usePhone';
import { useBrandRead } from '../common/useBrandRead';

const PAGE_SIZE = 50;

interface Mismatch {
  memberId: number;
  username?: string;
  vassalage: string;
  answered: boolean;
  vendorHolds?: string;
  expected?: string;
  wallet?: string;
  playSinceTransfer?: string;
  difference?: string;
}

interface Reconciliation {
  items: Mismatch[];
  total: number;
  compared: number;
  underWay: number;
}

function Difference({ row }: { row: RaRecord }) {
  const translate = useTranslate();
  if (!row.answered) return <Typography color="warning.main" variant="body2">{translate('tessera.games.wallets.unanswered')}</Typography>;
  return (
    <Typography color="error" variant="body2" fontWeight="bold">
      {row.difference}
    </Typography>
  );
}

const member = (row: RaRecord) => row.username ?? `#${row.memberId}`;

export function VendorWalletList() {
  const translate = useTranslate();
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const report = useBrandRead<Reconciliation>('/vendor-wallets', { page, pageSize: PAGE_SIZE });
  const rows = (report.data?.items ?? []).map((row) => ({ ...row, id: `${row.vassalage}:${row.memberId}` }));
  const list = useList({ data: rows, isPending: report.isPending, resource: 'vendorWallets', perPage: PAGE_SIZE });
  // The API's page, as it answered it: react-admin's pagination moves through the API's pages.
  const context = { ...list, data: rows, total: report.data?.total ?? 0, page, setPage, perPage: PAGE_SIZE } as typeof list;
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="resources.vendorWallets.name" />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={1} sx={{ mb: 2 }}>
          <Typography variant="body2">
            {report.data ? translate('tessera.games.wallets.summary', { compared: report.data.compared, underWay: report.data.underWay, smart_count: report.data.total }) : ''}
          </Typography>
          <Button size="small" onClick={() => report.refetch()} disabled={report.isFetching}>
            {translate('tessera.games.wallets.check_again')}
          </Button>
        </Stack>
        {report.error ? <Alert severity="error">{translate((report.error as Error).message || 'tessera.errors.unreachable')}</Alert> : null}
        {report.data && report.data.total === 0 ? <Alert severity="success">{translate('tessera.games.wallets.none')}</Alert> : null}
        {report.data && report.data.total > 0 ? (
          <ListContextProvider value={context}>
            {phone ? (
              <SimpleList
                primaryText={member}
                secondaryText={(row) => row.vassalage}
                tertiaryText={(row) => <Difference row={row} />}
                linkType={false}
              />
            ) : (
              <Datagrid bulkActionButtons={false} rowClick={(_id, _resource, row) => `/members/${row.memberId}/show`}>
                <FunctionField source="username" render={member} sortable={false} />
                <TextField source="vassalage" sortable={false} />
                <TextField source="vendorHolds" emptyText="—" sortable={false} />
                <TextField source="expected" emptyText="—" sortable={false} />
                <TextField source="wallet" emptyText="—" sortable={false} />
                <TextField source="playSinceTransfer" emptyText="—" sortable={false} />
                <FunctionField source="difference" render={(row: RaRecord) => <Difference row={row} />} sortable={false} />
              </Datagrid>
            )}
            <Pagination rowsPerPageOptions={[]} />
          </ListContextProvider>
        ) : null}
      </CardContent>
    </Card>
  );
}
