import { TextField, type TextFieldProps } from '@tessera/kit';

/** The longest password the forms take. */
const PASSWORD_MAX_LENGTH = 128;

/** A required password input (give autoComplete: current-password or new-password). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'required'>) {
  return <TextField type="password" required maxLength={PASSWORD_MAX_LENGTH} {...props} />;
}
