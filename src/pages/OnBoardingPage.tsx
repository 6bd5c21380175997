import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Stack } from '@mui/material';
import { Form, TextInput, useTranslate, type Validator } from 'react-admin';
import { EMAIL_FORMAT, PHONE_FORMAT, WEB_ADDRESS_FORMAT, normalPhone } from '../../domain/formats';
import { MoneyError, rupeesToPaise } from '../../domain/money';
import type { TextFormat } from '../../domain/validation';
import { required } from '../../domain/validation';
import { post } from '../providers/http';
import { useToasts } from '../notifications';
import { PageLink } from './PageLink';
import { PublicPage } from './PublicPage';

const FIELDS = ['businessName', 'contactName', 'email', 'phone', 'website', 'expectedMonthlyVolume'] as const;
type Field = (typeof FIELDS)[number];

const LABELS: Record<Field, string> = {
  businessName: 'app.onboarding.business_name',
  contactName: 'app.onboarding.contact_name',
  email: 'app.onboarding.email',
  phone: 'app.onboarding.phone',
  website: 'app.onboarding.website',
  expectedMonthlyVolume: 'app.onboarding.volume',
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** The public form shows its own message (app.onboarding.invalid_*), not the format's description. */
const matches =
  (format: TextFormat, message: string, prepare = text): Validator =>
  (value) =>
    text(value) && !format.pattern.test(prepare(value)) ? message : undefined;
const positiveRupees =
  (message: string): Validator =>
  (value) => {
    if (!text(value)) return undefined;
    try {
      return rupeesToPaise(text(value)) > 0 ? undefined : message;
    } catch (error) {
      if (error instanceof MoneyError) return message;
      throw error;
    }
  };

/** A merchant's application to join (public, /on-boarding); an administrator reviews it. */
export const OnBoardingPage = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [doneFor, setDoneFor] = useState<string | null>(null);

  const validate = useMemo(() => {
    const label = (field: Field) => translate(LABELS[field]);
    return {
      businessName: [required(label('businessName'))],
      contactName: [required(label('contactName'))],
      email: [required(label('email')), matches(EMAIL_FORMAT, translate('app.onboarding.invalid_email'))],
      phone: [
        required(label('phone')),
        matches(PHONE_FORMAT, translate('app.onboarding.invalid_phone'), (v) => normalPhone(text(v))),
      ],
      website: [required(label('website')), matches(WEB_ADDRESS_FORMAT, translate('app.onboarding.invalid_website'))],
      expectedMonthlyVolume: [
        required(label('expectedMonthlyVolume')),
        positiveRupees(translate('app.onboarding.invalid_volume')),
      ],
    } satisfies Record<Field, Validator[]>;
  }, [translate]);

  const submit = async (values: Record<string, unknown>) => {
    const body = {
      businessName: text(values.businessName),
      contactName: text(values.contactName),
      email: text(values.email),
      phone: text(values.phone),
      website: text(values.website),
      expectedMonthlyVolume: Number(text(values.expectedMonthlyVolume)),
    };
    setBusy(true);
    const result = await post('/on-boarding', body);
    setBusy(false);
    if (result.error) {
      toasts.error(translate('app.toast.error'), result.error.message);
      const field = result.error.field as Field | undefined;
      return field && FIELDS.includes(field) ? { [field]: result.error.message } : undefined;
    }
    setDoneFor(body.email);
    toasts.success(translate('app.onboarding.done'), translate('app.onboarding.done_message', { email: body.email }));
    return undefined;
  };

  return (
    <PublicPage title={translate('app.onboarding.title')} intro={translate('app.onboarding.intro')} width={640}>
      {doneFor ? (
        <Alert severity="success">{translate('app.onboarding.done_message', { email: doneFor })}</Alert>
      ) : (
        <Form onSubmit={submit} noValidate disableInvalidFormNotification>
          <Grid container columnSpacing={2}>
            {FIELDS.map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                <TextInput
                  source={field}
                  label={translate(LABELS[field])}
                  validate={validate[field]}
                  type={field === 'email' ? 'email' : field === 'website' ? 'url' : 'text'}
                  slotProps={{
                    htmlInput: {
                      inputMode: field === 'expectedMonthlyVolume' ? 'decimal' : field === 'phone' ? 'tel' : undefined,
                    },
                  }}
                />
              </Grid>
            ))}
          </Grid>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
            {translate('app.onboarding.submit')}
          </Button>
        </Form>
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <PageLink to="/">{translate('app.forgot.back')}</PageLink>
      </Stack>
    </PublicPage>
  );
};
