import UserIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { Role } from '../../../domain/roles';
import type { ResourceConfig } from '../types';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export interface User {
  id: string;
  fullName: string;
  userName: string;
  role: Role;
  roleLabel: string;
  merchantCodes: string[];
  vendorCode: string | null;
  enabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

/** /app/user ("Roles"): the people who sign in, with the roles a user may give (SPEC §6). */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  create: UserCreate,
  icon: UserIcon,
  recordRepresentation: 'userName',
} satisfies ResourceConfig;
