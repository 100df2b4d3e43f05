import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { validateFields } from '../forms';
import { logInBySms, type SmsLogin } from '../data/member';
import { useAfterLogin } from './afterLogin';
import { PHONE_AUTH_CODE_FIELDS, useFirebasePhone } from './firebasePhone';
import { errorsOfRefusal, FormError, useFieldRules, useForm } from './formState';
import type { LoginPlace } from './PasswordLogin';
import { PHONE_RULES, PhoneCodeFields, useDialingCode } from './PhoneCodeFields';

const CODE_FIELDS = { verification_failed: 'verificationCode', ...PHONE_AUTH_CODE_FIELDS };

/**
 * SMS login (MOBILEVERCODELOGIN3; SPEC §4, §5): the number is checked before a code is sent
 * (purpose "login"), then the number and the code log in with type "sms". With the brand's
 * Firebase phone auth, Firebase texts the code and its ID token logs in instead of the code.
 */
export function SmsLoginForm({ place }: { place: LoginPlace }) {
  const { t } = useTranslation('modals');
  const finishLogin = useAfterLogin();
  const rules = useFieldRules(PHONE_RULES);
  const { form, values, errors, show, bind } = useForm({ mobileNum: '', verificationCode: '' });
  const [dialingCode, setDialingCode] = useDialingCode();
  const firebase = useFirebasePhone();

  const login = useMutation({
    mutationFn: async () => {
      const code = values.verificationCode.trim();
      // The login call takes firebaseIdToken in place of verificationCode (identity contract).
      const proof = firebase ? { firebaseIdToken: await firebase.idToken(code) } : { verificationCode: code };
      const fields: SmsLogin = { countryDialingCode: dialingCode, mobileNum: values.mobileNum.trim(), ...proof };
      const answer = await logInBySms({ ...fields, ...(place.agent && { agent: true }) });
      await finishLogin(answer, { via: 'sms', home: place.home });
    },
    onError: (error) => show(errorsOfRefusal(error, t('error_network'), { codeFields: CODE_FIELDS })),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (show(validateFields(values, rules, t))) login.mutate();
  }

  return (
    <form ref={form} className="login login--sms" noValidate onSubmit={onSubmit} data-login-state={login.isPending ? 'sending' : 'editing'}>
      <PhoneCodeFields purpose="login" form={{ values, bind, show }} dialingCode={dialingCode} onDialingCodeChange={setDialingCode} firebase={firebase} />
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight login__submit" disabled={login.isPending}>
        {login.isPending ? t('login_sending') : t('login_submit')}
      </button>
    </form>
  );
}
