export { LoginScreen } from './screens/login-screen';
export { ResetPasswordScreen } from './screens/reset-password-screen';
export { UnauthorisedScreen } from './screens/unauthorised-screen';
export { UsersScreen } from './screens/users-screen';
export { UserCreateScreen } from './screens/user-create-screen';
export { UserEditScreen } from './screens/user-edit-screen';
export { fetchSession, useLogout, useSession } from './session';
