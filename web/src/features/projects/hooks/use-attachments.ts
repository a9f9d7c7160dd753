import { useCallback, useState } from 'react';

import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { uploadFiles } from '@/lib/upload';
import type { StoredFile } from '@/types/api';

/** Project uploads: bid files and workroom updates (section 9, category 13). */
export const PROJECT_UPLOAD = 13;

/** Files uploaded as they are chosen, for a form that sends their ids. */
export function useAttachments() {
  const [files, setFiles] = useState<StoredFile[]>([]);
  async function attach(list: FileList | null) {
    if (!list || list.length === 0) return;
    try {
      const stored = await uploadFiles([...list], PROJECT_UPLOAD);
      setFiles((current) => [...current, ...stored]);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  const clear = useCallback(() => setFiles([]), []);
  return { files, attach, clear };
}
