import { env } from '@/config/env';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, parseApiError } from '@/lib/api-client';
import { clearSession, session } from '@/lib/session';
import type { DataEnvelope, StoredFile } from '@/types/api';

/** Upload categories (contests document, section 9). */
export const FILE_CATEGORY = { contestBrief: 4, mainEntry: 5, otherEntry: 8 } as const;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /files as multipart (`files[]`, `file_category_id`), reporting progress from 0 to 1.
 * XMLHttpRequest, because fetch cannot report upload progress.
 */
export function uploadFiles(
  files: File[],
  category: number,
  onProgress: (fraction: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<StoredFile[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file_category_id', String(category));
    for (const file of files) form.append('files[]', file, file.name);
    const token = session.token;
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiUrl}/files`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve((body as DataEnvelope<StoredFile[]>).data);
        return;
      }
      if (xhr.status === 401 && token !== null && session.token === token) clearSession();
      reject(parseApiError(xhr.status, body));
    };
    xhr.onerror = () =>
      reject(new ApiError({ code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE, status: 0 }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
