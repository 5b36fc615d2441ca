import { createContext, use, useContext, type ComponentType } from 'react';
import type { UserInformation } from '../../../../shared/contract/user.admin';

/**
 * A part of a user's detail that another feature contributes, the way it contributes routes: the
 * feature declares its sections (`features/<feature>/user-detail-sections.ts`), the app gathers them
 * (app/user-detail-sections.ts) and hands the detail page a way to load them, so that they load with the
 * page, not with the app. The page shows them in `order` between its own. A section renders its own heading.
 */
export interface UserDetailSection {
  /** Its place among the detail's sections (ascending; the page's own are 20 Products, 40 downloads, 50 actions). */
  order: number;
  Section: ComponentType<{ user: UserInformation }>;
}

/** A feature's sections of the user detail, typed. */
export const declareUserDetailSections = (sections: readonly UserDetailSection[]): readonly UserDetailSection[] => sections;

/** Loads the contributed sections: the same promise at every call. */
export type UserDetailSectionsLoader = () => Promise<readonly UserDetailSection[]>;

const NONE: Promise<readonly UserDetailSection[]> = Promise.resolve([]);
const Sections = createContext<UserDetailSectionsLoader>(() => NONE);

/** Where the app hands the detail page the loader of the gathered sections. */
export const UserDetailSectionsProvider = Sections.Provider;

/** The sections the other features contribute (the caller suspends until they are loaded). */
export const useUserDetailSections = () => use(useContext(Sections)());
