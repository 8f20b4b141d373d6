import { routeGuardMachine } from '../../../machines/shell/routeGuard.machine';
import { rememberReturnUrl } from '../../platform/returnUrlStorage';

/** The route guard remembers the page a visitor who must sign in first was heading for. */
export const routeGuard = routeGuardMachine.provide({
  actions: { rememberReturnUrl: (_, params) => rememberReturnUrl(params.href) },
});
