/**
 * A screen's data held in its stores: loaded when the screen mounts and again after every change to the
 * game (and whatever else `also` reads), with the refusal in words for the screen's alert line. The
 * query state is useServiceQuery's; the stores decide whether a load has anything to do (ensureLoaded).
 */
import { asApiError } from '../api';
import { useServiceQuery } from './service-query';

export function useScreenLoad(load: () => Promise<void>, fn = 'screen', also?: () => unknown) {
  const { error, refresh } = useServiceQuery(() => ({ also: also?.() }), () => load(), { onMounted: true, describe: (e) => asApiError(e, fn).message });
  return { loadError: error, reload: refresh };
}
