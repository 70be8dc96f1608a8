/**
 * The catalogue the till sells from: the shop's categories and products, loaded in one call
 * when the screen opens (`GET /till/catalog`, open to every cashier). Each half is handed out
 * as its own server-data handle; `reload` refreshes both (stock after a sale elsewhere).
 */
import { useCallback, useMemo } from 'react';
import { messages } from '../../../config/messages';
import { useServerData, type ServerDataHandle } from '../../../lib/use-server-data';
import type { Category, Product } from '../../catalog';
import { getTillCatalog, type TillCatalog } from '../api/till-catalog';

function half<K extends keyof TillCatalog>(whole: ServerDataHandle<TillCatalog>, key: K): ServerDataHandle<TillCatalog[K]> {
  const { state, reload, update } = whole;
  return {
    state: state.status === 'ready' ? { status: 'ready', data: state.data[key] } : state,
    reload,
    update: (change) => update((data) => ({ ...data, [key]: change(data[key]) })),
  };
}

export function useTillCatalog(): { categories: ServerDataHandle<Category[]>; products: ServerDataHandle<Product[]> } {
  const load = useCallback((signal: AbortSignal) => getTillCatalog(signal), []);
  const whole = useServerData<TillCatalog>(load, messages.productsLoadFailed);
  return useMemo(() => ({ categories: half(whole, 'categories'), products: half(whole, 'products') }), [whole]);
}
