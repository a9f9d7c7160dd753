import type { ReactNode } from 'react';

import { Dialog } from '@/components/ui/dialog';

/**
 * The dialog of an anonymous visitor's account step (Create Account / Log in, given by the app),
 * once the brief is complete. The gate's own DialogTitle names the dialog.
 */
export function AccountDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Dialog
      onClose={onClose}
      overlayClassName="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4"
      className="max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:max-w-xl sm:rounded-2xl"
    >
      {children}
    </Dialog>
  );
}
