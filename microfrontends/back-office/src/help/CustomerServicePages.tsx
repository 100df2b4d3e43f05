// Adding and changing a customer-service entry: its kind, its address and its title per language
// of the brand; the folder's are read here, changed in the folder.
import {
  Create,
  Edit,
  FunctionField,
  NumberField,
  NumberInput,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  maxLength,
  regex,
  required,
  useRecordContext,
} from 'react-admin';
import { ContentToolbar } from '../content/AnnouncementForm';
import { fromFolder } from '../content/body';
import { FolderNote } from '../content/FolderNote';
import { LanguageTabs } from '../content/LanguageTabs';
import { useBrandLanguages } from '../content/languages';
import { customerServiceBody } from './body';
import { titles } from './CustomerServiceList';

// The contract's patterns (StaffCustomerServiceForm).
const TYPE = /^[A-Z0-9_]{1,16}$/;
const ADDRESS = /^(https?:\/\/|tel:|mailto:|\/)[^\s]+$/;

function CustomerServiceForm() {
  const record = useRecordContext();
  const languages = useBrandLanguages(record);
  return (
    <SimpleForm toolbar={<ContentToolbar />} defaultValues={{ position: 100 }}>
      <TextInput source="type" validate={[required(), regex(TYPE, 'tessera.help.type_invalid')]} helperText="tessera.help.type_help" fullWidth />
      <TextInput source="url" validate={[required(), maxLength(500), regex(ADDRESS, 'tessera.help.url_invalid')]} helperText="tessera.help.url_help" fullWidth />
      <NumberInput source="position" min={0} max={9999} step={1} helperText="tessera.help.position_help" />
      <LanguageTabs
        languages={languages}
        render={(language) => (
          <TextInput source={`titles.${language}`} label="resources.customer-service.fields.title" validate={maxLength(100)} fullWidth />
        )}
      />
    </SimpleForm>
  );
}

function FolderEntry() {
  return (
    <SimpleShowLayout>
      <FolderNote />
      <TextField source="type" />
      <TextField source="url" />
      <FunctionField source="titles" render={titles} />
      <NumberField source="position" />
    </SimpleShowLayout>
  );
}

function EditOrRead() {
  const record = useRecordContext();
  return fromFolder(record) ? <FolderEntry /> : <CustomerServiceForm />;
}

export function CustomerServiceCreate() {
  return (
    <Create transform={customerServiceBody} redirect="list">
      <CustomerServiceForm />
    </Create>
  );
}

export function CustomerServiceEdit() {
  return (
    <Edit transform={customerServiceBody} mutationMode="pessimistic" redirect="list">
      <EditOrRead />
    </Edit>
  );
}
