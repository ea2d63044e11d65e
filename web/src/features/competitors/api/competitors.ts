import {
  ADMIN_REPORT_API,
  competitorsQueryString,
  type CompetitorsQuery,
} from '@shared/contract/admin-reports.ts';
import { api } from '@web/lib/api-client.ts';
import { useQuery } from '@web/lib/use-query.ts';

// The competitors list's calls (decision 013): the filtered list and its CSV download.

export const useCompetitors = (filter: CompetitorsQuery) => {
  const qs = competitorsQueryString(filter);
  return useQuery(`admin-competitors:${qs}`, () => api.call(ADMIN_REPORT_API.competitors, { query: filter }));
};

/**
 * Downloads the filtered list as CSV. A plain link cannot carry the bearer token, so the file is
 * fetched through the API client and handed to the browser as a blob.
 */
export async function downloadCompetitorsCsv(filter: CompetitorsQuery, fileName: string): Promise<void> {
  const blob = await api.call(ADMIN_REPORT_API.competitorsCsv, { query: filter });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
