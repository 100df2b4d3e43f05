import { Create, SimpleForm, TextInput, required, useRefresh, type RaRecord } from 'react-admin';

/** A note on the member, kept with the staff member's name. */
export function NoteForm({ member }: { member: RaRecord }) {
  const refresh = useRefresh();
  return (
    <Create
      resource="notes"
      redirect={false}
      title={false}
      mutationOptions={{ onSuccess: () => refresh() }}
      transform={(data) => ({ ...data, memberId: member.id })}
      sx={{ '& .RaCreate-main': { mt: 0 } }}
    >
      <SimpleForm>
        <TextInput source="text" label="tessera.members.note" multiline fullWidth validate={required()} />
      </SimpleForm>
    </Create>
  );
}
