// The roles the brand may give with their permissions: the deployment's (read-only here) and the
// brand's own, whose permissions are changed here; a new role of the brand's is defined the same way.
import { useState } from 'react';
import { Button, Chip, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  CheckboxGroupInput,
  Datagrid,
  Form,
  FunctionField,
  List,
  SaveButton,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  WithRecord,
  regex,
  required,
  useTranslate,
} from 'react-admin';
import { useAct } from '../common/useAct';
import { usePhone } from '../common/usePhone';
import { allows, useStaffSession } from '../session';
import { STAFF_PERMISSIONS, permissionLabel } from './permissionNames';
import type { Role } from './roles';

const ROLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function Permissions({ role }: { role: Role }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap component="span">
      {role.permissions.map((permission) => (
        <Chip key={permission} size="small" label={translate(permissionLabel(permission))} component="span" />
      ))}
    </Stack>
  );
}

/** The role's permissions (a new role: its name too), offering only those the staff member holds. */
function RoleDialog({ role, onClose }: { role: Role | 'new'; onClose: () => void }) {
  const translate = useTranslate();
  const act = useAct();
  const { session } = useStaffSession();
  const choices = STAFF_PERMISSIONS.map((id) => ({ id, name: permissionLabel(id), disabled: !allows(id, session) }));
  const record = role === 'new' ? { name: '', permissions: [] } : { name: role.name, permissions: role.permissions };
  const define = async (form: Record<string, unknown>) => {
    const name = encodeURIComponent(String(form.name).trim());
    if (await act(`/roles/${name}`, { permissions: form.permissions }, 'PUT')) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(role === 'new' ? 'tessera.roles.new' : 'tessera.roles.edit', { name: record.name })}</DialogTitle>
      <DialogContent>
        <Form record={record} onSubmit={define}>
          {role === 'new' ? (
            <TextInput source="name" resource="roles" validate={[required(), regex(ROLE_NAME, 'tessera.roles.name_rule')]} fullWidth />
          ) : null}
          <CheckboxGroupInput source="permissions" resource="roles" choices={choices} row={false} validate={required()} />
          <SaveButton alwaysEnable={role !== 'new'} />
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function EditButton({ role, onEdit }: { role: Role; onEdit: (role: Role) => void }) {
  const translate = useTranslate();
  if (!role.brandOwn) return null;
  return (
    <Button size="small" onClick={() => onEdit(role)}>
      {translate('tessera.roles.edit_permissions')}
    </Button>
  );
}

export function RoleList() {
  const phone = usePhone();
  const translate = useTranslate();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const owner = (role: Role) => translate(role.brandOwn ? 'tessera.roles.brand_own' : 'tessera.roles.deployment');
  const actions = (
    <TopToolbar>
      <Button onClick={() => setEditing('new')}>{translate('tessera.roles.new', { name: '' })}</Button>
    </TopToolbar>
  );
  return (
    <>
      <List pagination={false} perPage={1000} exporter={false} actions={actions} sort={{ field: 'name', order: 'ASC' }}>
        {phone ? (
          <SimpleList<Role>
            primaryText={(role) => `${role.name} · ${owner(role)}`}
            secondaryText={(role) => <Permissions role={role} />}
            rowClick={(_, __, role) => {
              // On a phone one of the brand's roles is tapped to change its permissions.
              if (role.brandOwn) setEditing(role as Role);
              return false;
            }}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="name" sortable={false} />
            <FunctionField<Role> source="permissions" render={(role) => <Permissions role={role} />} sortable={false} />
            <FunctionField<Role> source="brandOwn" render={owner} sortable={false} />
            <WithRecord<Role> label="tessera.fields.actions" render={(role) => <EditButton role={role} onEdit={setEditing} />} />
          </Datagrid>
        )}
      </List>
      {editing ? <RoleDialog role={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
