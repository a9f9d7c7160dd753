import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';

interface LogoWarningDialogProps {
  /** Cancel: the switch is not made. */
  onCancel: () => void;
  onConfirm: () => void;
}

/** The warning before switching away from a logo brief whose answers would not all travel. */
export function LogoWarningDialog({ onCancel, onConfirm }: LogoWarningDialogProps) {
  const { t } = useTranslation('launch-brief');
  return (
    <ModalDialog
      title={t('warnTitle')}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('warnConfirm')}</Button>
        </>
      }
    >
      {t('warnBody')}
    </ModalDialog>
  );
}
