import { createContext, useContext } from 'react';

/** The header element where a page puts its search box (the layout's global search slot). */
export const HeaderSlotContext = createContext<HTMLElement | null>(null);

export const useHeaderSlot = () => useContext(HeaderSlotContext);
