// Inviting a staff member: a new account holding the chosen roles on the brand, and its one-time
// password shown once; then their page.
import { useState } from 'react';
import { Card, CardContent } from '@mui/material';
import { CheckboxGroupInput, Form, SaveButton, TextInput, Title, regex, required } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useAct } from '../common/useAct';
import { OneTimePassword } from './OneTimePassword';
import { useRoleChoices } from './roles';

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,63}$/;

interface Invited {
  staff: { id: number };
  password: string;
}

export function TeamInvite() {
  const act = useAct();
  const navigate = useNavigate();
  const roles = useRoleChoices();
  const [invited, setInvited] = useState<Invited | null>(null);
  const invite = async (form: Record<string, unknown>) => {
    const answer = await act<Invited>('/team', { username: String(form.username).trim(), roles: form.roles });
    if (answer) setInvited(answer);
  };
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="tessera.team.invite" />
      <CardContent>
        <Form onSubmit={invite} defaultValues={{ username: '', roles: [] }}>
          <TextInput
            source="username"
            resource="team"
            validate={[required(), regex(USERNAME, 'tessera.team.username_rule')]}
            helperText="tessera.team.username_rule"
            fullWidth
          />
          <CheckboxGroupInput source="roles" resource="team" choices={roles} optionValue="name" optionText="name" validate={required()} row={false} />
          <SaveButton label="tessera.team.invite" />
        </Form>
      </CardContent>
      <OneTimePassword password={invited?.password ?? null} onClose={() => navigate(`/team/${invited?.staff.id}/show`)} />
    </Card>
  );
}
