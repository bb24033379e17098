import { ApiError } from '../../lib/api-client.ts';

/**
 * Uploads one file's bytes to /api/panel/files/upload with XMLHttpRequest, whose upload events
 * report progress (fetch does not, without streams the browsers do not all send). The browser
 * sets Content-Length from the file; the server refuses more than 100 MiB before reading it.
 */
export function uploadFile(path: string, file: Blob, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/panel/files/upload?path=${encodeURIComponent(path)}`);
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      if (request.status === 204) return resolve();
      let body: { error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined;
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      reject(new ApiError(request.status, body?.error?.code ?? 'error', body?.error?.message ?? `The server answered ${request.status}.`, body?.error?.fields));
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'The upload was interrupted. Check your connection and try again.'));
    request.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
