import { Link, useNavigate } from 'react-router';
import { RegisterRequestSchema } from '@shared/contract/users.ts';
import { PROVINCES } from '@shared/domain/validation.ts';
import { PHONE_FORMAT_HINT } from '@shared/domain/phone.ts';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useForm } from '@web/lib/form.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { registerAccount } from '../api/accounts.ts';
import { rememberPendingUser, rememberVerifyingEmail } from '../pending-user.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { t, tm, tx } from '@web/lib/i18n.tsx';

const PROVINCE_OPTIONS = Object.entries(PROVINCES).map(([value, label]) => ({ value, label }));
const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  province: 'ON',
  postalCode: '',
  phoneNumber: '',
};

/** /user/register: the sign-up form (docs/product.md §4 and §5). */
export function RegisterPage() {
  usePageMeta(PAGES.register.title, t('auth.register.description'));
  const navigate = useNavigate();
  const form = useForm({
    schema: RegisterRequestSchema,
    initial: EMPTY,
    // The browser's own validity first (docs/product.md §5), then the shared rules.
    nativeValidity: true,
    onSubmit: async (values) => {
      await registerAccount(values);
      rememberPendingUser({ firstName: values.firstName, email: values.email });
      rememberVerifyingEmail(values.email);
      await navigate(href('pending'));
    },
  });

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <CardTitle as="h1">
          <span className="sr-only">{t('auth.register.pagePrefix')}</span>
          {t('auth.register.title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {tx('auth.register.haveAccount', { link: (inner) => <Link to={href('login')}>{inner}</Link> })}
        </p>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid items-start gap-4 sm:grid-cols-2"
          onSubmit={(e) => void form.submit(e)}
        >
          <TextField
            label={t('auth.field.firstName')}
            required
            autoComplete="given-name"
            {...form.field('firstName')}
          />
          <TextField
            label={t('auth.field.lastName')}
            required
            autoComplete="family-name"
            {...form.field('lastName')}
          />
          <TextField
            label={t('auth.field.email')}
            type="email"
            required
            autoComplete="email"
            {...form.field('email')}
          />
          <TextField
            label={t('auth.field.phoneNumber')}
            type="tel"
            required
            autoComplete="tel-national"
            inputMode="tel"
            hint={tm(PHONE_FORMAT_HINT)}
            {...form.field('phoneNumber')}
          />
          <TextField
            label={t('auth.field.password')}
            type="password"
            required
            autoComplete="new-password"
            {...form.field('password')}
          />
          <TextField
            label={t('auth.field.confirmPassword')}
            type="password"
            required
            autoComplete="new-password"
            {...form.field('confirmPassword')}
          />
          <TextField
            label={t('auth.field.addressLine1')}
            required
            autoComplete="address-line1"
            {...form.field('addressLine1')}
          />
          <TextField
            label={t('auth.field.addressLine2')}
            autoComplete="address-line2"
            {...form.field('addressLine2')}
          />
          <TextField
            label={t('auth.field.city')}
            required
            autoComplete="address-level2"
            {...form.field('city')}
          />
          <SelectField
            label={t('auth.field.province')}
            required
            options={PROVINCE_OPTIONS.map((o) => ({ ...o, label: tm(o.label) }))}
            {...form.field('province')}
          />
          <TextField
            label={t('auth.field.postalCode')}
            required
            autoComplete="postal-code"
            {...form.field('postalCode')}
          />
          <p className="text-sm sm:col-span-2">
            {tx('auth.register.privacy', { link: (inner) => <Link to={href('privacy')}>{inner}</Link> })}
          </p>
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" disabled={form.busy}>
              {form.busy && <Spinner className="size-4" />}
              {t('auth.register.button')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
