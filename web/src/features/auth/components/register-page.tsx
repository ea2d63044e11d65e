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
import { rememberPendingUser } from '../pending-user.ts';
import { href, PAGES } from '@web/app/pages.ts';

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
  usePageMeta(PAGES.register.title, 'Create an account to register competitors for the tournament.');
  const navigate = useNavigate();
  const form = useForm({
    schema: RegisterRequestSchema,
    initial: EMPTY,
    // The browser's own validity first (docs/product.md §5), then the shared rules.
    nativeValidity: true,
    onSubmit: async (values) => {
      await registerAccount(values);
      rememberPendingUser({ firstName: values.firstName, email: values.email });
      await navigate(href('pending'));
    },
  });

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <CardTitle as="h1">
          <span className="sr-only">Page: </span>Sign Up
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          Already have an account? <Link to={href('login')}>Sign in</Link>
        </p>
      </CardHeader>
      <CardContent>
        <form className="grid items-start gap-4 sm:grid-cols-2" onSubmit={(e) => void form.submit(e)}>
          <TextField label="First Name" required autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last Name" required autoComplete="family-name" {...form.field('lastName')} />
          <TextField label="Email" type="email" required autoComplete="email" {...form.field('email')} />
          <TextField
            label="Phone Number"
            type="tel"
            required
            autoComplete="tel-national"
            inputMode="tel"
            hint={PHONE_FORMAT_HINT}
            {...form.field('phoneNumber')}
          />
          <TextField
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            {...form.field('password')}
          />
          <TextField
            label="Confirm Password"
            type="password"
            required
            autoComplete="new-password"
            {...form.field('confirmPassword')}
          />
          <TextField
            label="Address Line 1"
            required
            autoComplete="address-line1"
            {...form.field('addressLine1')}
          />
          <TextField label="Address Line 2" autoComplete="address-line2" {...form.field('addressLine2')} />
          <TextField label="City" required autoComplete="address-level2" {...form.field('city')} />
          <SelectField label="Province" required options={PROVINCE_OPTIONS} {...form.field('province')} />
          <TextField label="Postal Code" required autoComplete="postal-code" {...form.field('postalCode')} />
          <p className="text-sm sm:col-span-2">
            We keep your details, and your competitors&apos;, only to run the tournament. Read our{' '}
            <Link to={href('privacy')}>privacy policy</Link>.
          </p>
          <div className="flex items-end sm:col-span-2">
            <Button type="submit" disabled={form.busy}>
              {form.busy && <Spinner className="size-4" />}
              Sign Up
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
