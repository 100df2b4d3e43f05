import { Form, SaveButton, TextArrayInput, useTranslate, type RaRecord } from 'react-admin';
import { Stack } from '@mui/material';
import { useAct } from '../common/useAct';

/** The member's labels, set as a whole. */
export function LabelsForm({ member }: { member: RaRecord }) {
  const translate = useTranslate();
  const act = useAct();
  return (
    <Form
      record={{ labels: member.labels ?? [] }}
      onSubmit={async (data: Record<string, unknown>) => {
        await act(`/members/${member.id}/labels`, { labels: data.labels ?? [] }, 'PUT'); // nothing returned: it would be read as errors
      }}
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <TextArrayInput source="labels" label={translate('resources.members.fields.labels')} />
        <SaveButton label="tessera.members.actions.save_labels" alwaysEnable />
      </Stack>
    </Form>
  );
}
