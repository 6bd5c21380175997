import UserIcon from '@mui/icons-material/ManageAccountsOutlined';
import { lazyScreen } from '../../layout/lazyScreen';
import type { ResourceConfig } from '../types';

const UserCreate = lazyScreen(() => import('./UserCreate'), 'UserCreate');
const UserEdit = lazyScreen(() => import('./UserEdit'), 'UserEdit');
const UserList = lazyScreen(() => import('./UserList'), 'UserList');
const UserShow = lazyScreen(() => import('./UserShow'), 'UserShow');

/** /app/user ("Roles"): the people who sign in, with the roles a user may give (SPEC §6). */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  create: UserCreate,
  icon: UserIcon,
  recordRepresentation: 'userName',
} satisfies ResourceConfig;
