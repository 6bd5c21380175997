import UserIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { ResourceConfig } from '../types';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** /app/user ("Roles"): the people who sign in, with the roles a user may give (SPEC §6). */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  create: UserCreate,
  icon: UserIcon,
  recordRepresentation: 'userName',
} satisfies ResourceConfig;
