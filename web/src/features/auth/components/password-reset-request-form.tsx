import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { requestPasswordReset } from '../api/request-password-reset';
import { useEmailRequest } from '../hooks/use-email-request';

const SENT_MESSAGE = 'Please check your email.';

export function PasswordResetRequestForm() {
  const { t } = useTranslation('auth');
  const { form, pending, failure, dismissFailure, submit, emailField } = useEmailRequest(async (email, clear) => {
    const { message } = await requestPasswordReset(email);
    toast.success(message || SENT_MESSAGE);
    clear();
  }, errorMessage);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {failure && <Alert onDismiss={dismissFailure}>{failure}</Alert>}
      <p className="text-sm text-slate-600">
        {t('resetRequest.intro')}
      </p>
      <TextField label={t('resetRequest.email')} name="email" {...emailField} />
      <Button
        type="submit"
        className="w-full"
        disabled={!form.isValid || pending}
        isLoading={pending}
      >
        {t('resetRequest.submit')}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.login} className="text-indigo-700 underline">
          {t('resetRequest.back')}
        </Link>
      </p>
    </form>
  );
}
