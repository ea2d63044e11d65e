import { Alert } from '../components/ui/alert.tsx';
import { t } from '../lib/i18n.tsx';

/** Shown by a venue screen until the device's first pull of registrations has arrived. */
export function FirstSyncNotice() {
  return <Alert>{t('common.sync.firstSync')}</Alert>;
}
