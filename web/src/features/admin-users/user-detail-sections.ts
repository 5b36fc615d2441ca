import { createContext, useContext, type ComponentType } from 'react';
import type { UserInformation } from '../../../../shared/contract/user.admin';

/**
 * A part of a user's detail that another feature contributes, the way it contributes routes: the
 * feature declares its sections (`features/<feature>/user-detail-sections.ts`), the app gathers them
 * (app/user-detail-sections.ts) and hands them to the detail page, which shows them in `order` between
 * its own. A section renders its own heading.
 */
export interface UserDetailSection {
  /** Its place among the detail's sections (ascending; the page's own are 20 Products, 40 downloads, 50 actions). */
  order: number;
  /** `lazy(() => import(...))`: it loads with the detail page, not with the app. */
  Section: ComponentType<{ user: UserInformation }>;
}

/** A feature's sections of the user detail, typed. */
export const declareUserDetailSections = (sections: readonly UserDetailSection[]): readonly UserDetailSection[] => sections;

const Sections = createContext<readonly UserDetailSection[]>([]);

/** Where the app hands the gathered sections to the detail page. */
export const UserDetailSectionsProvider = Sections.Provider;

/** The sections the other features contribute. */
export const useUserDetailSections = () => useContext(Sections);
