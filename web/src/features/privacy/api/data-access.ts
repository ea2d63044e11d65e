import { DATA_ACCESS_API, type AccessLogQuery } from '@shared/contract/data-access.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// A family's own data, and the access log (decision 045).

/** Fetched with the bearer token (a bare link carries none) and saved as "my-data-YYYY-MM-DD.zip". */
export async function downloadMyData(): Promise<void> {
  const blob = await api.call(DATA_ACCESS_API.myData);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `my-data-${new Date().toISOString().slice(0, 10)}.zip`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

export const useAccessLog = (query: AccessLogQuery) =>
  useQuery(`admin:access-log:${JSON.stringify(query)}`, () => api.call(DATA_ACCESS_API.accessLog, { query }));
