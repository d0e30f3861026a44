/**
 * A `fetch` for ky that sends `body` with XMLHttpRequest, whose upload events report progress
 * (fetch has none for a multipart body over HTTP/1.1). ky still builds the request (URL, method,
 * headers, abort signal) and reads the answer. The browser sets the multipart content type (with
 * its boundary) itself, so the request's own is not copied.
 */
export function xhrFetch(body: FormData, onProgress: (loaded: number, total: number) => void) {
  return (input: Request | URL | string, init?: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = true;
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => {
        if (name.toLowerCase() !== 'content-type') xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('The save was cancelled.', 'AbortError'));
      request.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(body);
    });
}
