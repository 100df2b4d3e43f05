// The brand's deposit channels in their plugins' order: whether members are offered each and within
// what bounds. Staff who edit the brand's settings switch one on or off and narrow its bounds.
import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { BooleanField, Datagrid, FunctionField, List, SimpleList, TextField, WithRecord, useTranslate, type RaRecord } from 'react-admin';
import { useAct } from '../../common/useAct';
import { usePhone } from '../../common/usePhone';
import { Permission } from '../../permissions';
import { allows, useStaffSession } from '../../session';
import { ChannelForm, channelBody } from './ChannelForm';

const range = (low: string | null, high: string | null) => (low === null && high === null ? '—' : `${low ?? '—'} – ${high ?? '—'}`);

function ChannelActions({ channel, onChange }: { channel: RaRecord; onChange: (channel: RaRecord) => void }) {
  const translate = useTranslate();
  const act = useAct();
  const path = `/payment-channels/${encodeURIComponent(String(channel.channel))}`;
  return (
    <Stack direction="row">
      <Button size="small" color={channel.enabled ? 'warning' : 'success'} onClick={() => act(path, channelBody(channel, { enabled: !channel.enabled }), 'PUT')}>
        {translate(channel.enabled ? 'tessera.channels.disable' : 'tessera.channels.enable')}
      </Button>
      <Button size="small" onClick={() => onChange(channel)}>
        {translate('tessera.channels.change')}
      </Button>
    </Stack>
  );
}

export function ChannelList() {
  const phone = usePhone();
  const translate = useTranslate();
  const { session } = useStaffSession();
  const edits = allows(Permission.SettingsEdit, session);
  const [changing, setChanging] = useState<RaRecord | null>(null);
  const actions = (channel: RaRecord) => (edits ? <ChannelActions channel={channel} onChange={setChanging} /> : null);
  return (
    <>
      <List pagination={false} perPage={1000} exporter={false} actions={false}>
        {phone ? (
          <SimpleList
            primaryText={(channel) => channel.title}
            secondaryText={(channel) => `${translate(channel.offered ? 'tessera.channels.offered' : 'tessera.channels.not_offered')} · ${range(channel.minAmount, channel.maxAmount)}`}
            tertiaryText={(channel) => channel.plugin}
            rowClick={(_, __, channel) => {
              // On a phone a channel is tapped to change it (the switch is in its form).
              if (edits) setChanging(channel);
              return false;
            }}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="title" sortable={false} />
            <TextField source="channel" sortable={false} />
            <TextField source="plugin" sortable={false} />
            <TextField source="kind" sortable={false} />
            <BooleanField source="enabled" sortable={false} />
            <BooleanField source="offered" sortable={false} />
            <FunctionField source="minAmount" label="tessera.channels.members_bounds" render={(row: RaRecord) => range(row.minAmount, row.maxAmount)} sortable={false} />
            <FunctionField source="staffMin" label="tessera.channels.staff_bounds" render={(row: RaRecord) => range(row.staffMin, row.staffMax)} sortable={false} />
            <FunctionField source="channelMin" label="tessera.channels.channel_bounds" render={(row: RaRecord) => range(row.channelMin, row.channelMax)} sortable={false} />
            <FunctionField source="brandMin" label="tessera.channels.brand_bounds" render={(row: RaRecord) => range(row.brandMin, row.brandMax)} sortable={false} />
            <TextField source="updatedBy" emptyText="—" sortable={false} />
            {edits ? <WithRecord label="tessera.fields.actions" render={actions} /> : null}
          </Datagrid>
        )}
      </List>
      {changing ? <ChannelForm channel={changing} onClose={() => setChanging(null)} /> : null}
    </>
  );
}
