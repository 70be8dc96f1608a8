/**
 * The customer screens' paths live with the app's other paths: the till's phone lookup links to
 * them too. Whose session a customer screen reads is the shop area's (features/auth
 * `useShopSession`).
 */
import { customerPaths, type ShopArea } from '@/config/paths';

export { customerPaths, type ShopArea };
