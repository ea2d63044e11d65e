import { Download } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useAction } from '@web/lib/action.ts';
import { t } from '@web/lib/i18n.tsx';
import { downloadMyData } from '../api/data-access.ts';
import { DeleteAccount } from './delete-account.tsx';

/**
 * "Your data" on /customer/home (decision 045): the family downloads everything held about its
 * account. "Delete my account" sits beside it in the same section. `/customer/your-data` shows
 * it alone, as the page's heading.
 */
export function YourData({ heading = 'h2' }: { heading?: 'h1' | 'h2' }) {
  const titleId = useId();
  const download = useAction(downloadMyData, {
    errorPrefix: `${t('privacy.yourData.downloadFailed')} `,
  });
  return (
    <Card role="region" data-testid="your-data" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as={heading} id={titleId}>
          {t('privacy.yourData.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t('privacy.yourData.text')}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void download.run()} disabled={download.busy}>
            <Download aria-hidden /> {t('privacy.yourData.download')}
          </Button>
        </div>
        <DeleteAccount />
      </CardContent>
    </Card>
  );
}
