import {
  AutocompleteArrayInput,
  AutocompleteInput,
  FormDataConsumer,
  PasswordInput,
  SelectInput,
  TextInput,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import { ROLE_LABELS, SUB_ROLE_LABELS, isRole, subRoleChoices, type Role } from '../../../domain/roles';
import { belongsToMerchants, belongsToVendor } from '../../../domain/scope';
import { matches, required, strongPassword } from '../../../domain/validation';
import { USER_NAME_FORMAT } from '../../../domain/formats';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { useVendorChoices } from '../bank-accounts/useVendorChoices';
import type { User } from './types';

type Values = Partial<User> & { password?: string };

/**
 * What the API takes: the codes that go with the chosen role only. A vendor user's new users
 * always belong to its own vendor.
 */
export const userBody = (values: Values, isCreate: boolean, ownVendorCode: string | null) => {
  const role = values.role;
  return {
    ...(isCreate && { userName: values.userName, password: values.password }),
    fullName: values.fullName,
    role,
    merchantCodes: role && belongsToMerchants(role) ? (values.merchantCodes ?? []) : [],
    vendorCode: role && belongsToVendor(role) ? (ownVendorCode ?? values.vendorCode ?? null) : null,
  };
};

/** SPEC §6: the sub-roles the signed-in role may give, by label; the role value is what is sent. */
export const roleChoices = (creator: Role, current?: Role) => {
  const choices = subRoleChoices(creator).map((label) => ({ id: SUB_ROLE_LABELS[label], name: label }));
  return current && !choices.some((c) => c.id === current)
    ? [...choices, { id: current, name: ROLE_LABELS[current] }]
    : choices;
};

const CodesFor = ({ role, label }: { role: unknown; label: (source: string) => string }) => {
  const { merchants } = useMerchants();
  const { role: creator, vendorCode: ownVendorCode } = useSession();
  const vendors = useVendorChoices();
  if (!isRole(role)) return null;
  if (belongsToMerchants(role)) {
    const choices = merchants.map((m) => ({ id: m.code, name: `${m.code} — ${m.name}` }));
    return (
      <AutocompleteArrayInput
        source="merchantCodes"
        choices={choices}
        validate={required(label('merchantCodes'))}
        helperText={false}
      />
    );
  }
  if (!belongsToVendor(role)) return null;
  if (creator && belongsToVendor(creator)) {
    return <TextInput source="vendorCode" defaultValue={ownVendorCode ?? ''} disabled helperText={false} />;
  }
  return vendors.enabled ? (
    <AutocompleteInput
      source="vendorCode"
      choices={vendors.choices}
      isPending={vendors.isPending}
      validate={required(label('vendorCode'))}
      helperText={false}
    />
  ) : (
    <TextInput source="vendorCode" validate={required(label('vendorCode'))} helperText={false} />
  );
};

/** The user form: name, sign-in and password on creation, then the role and the codes it needs. */
export const UserInputs = ({ isCreate = false, currentRole }: { isCreate?: boolean; currentRole?: Role }) => {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const { role: creator } = useSession();
  const label = (source: string) => translateLabel({ source, resource: 'user' }) as string;
  if (!creator) return null;
  return (
    <>
      <TextInput source="fullName" validate={required(label('fullName'))} helperText={false} />
      {isCreate && (
        <>
          <TextInput
            source="userName"
            autoComplete="off"
            validate={[required(label('userName')), matches(label('userName'), USER_NAME_FORMAT)]}
            helperText={false}
          />
          <PasswordInput
            source="password"
            autoComplete="new-password"
            validate={[required(label('password')), strongPassword()]}
            helperText={translate('resources.user.password_help')}
          />
        </>
      )}
      <SelectInput
        source="role"
        choices={roleChoices(creator, currentRole)}
        validate={required(label('role'))}
        helperText={false}
      />
      <FormDataConsumer<Values>>{({ formData }) => <CodesFor role={formData.role} label={label} />}</FormDataConsumer>
    </>
  );
};
