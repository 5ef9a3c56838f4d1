/** A node of `/iam/hzero/v1/menus/tree` (§3 Menu entry). */
export interface ServerMenu {
  id: number;
  code: string;
  name: string;
  icon?: string;
  route?: string;
  parentId?: number;
  quickIndex?: string;
  type?: string;
  subMenus?: ServerMenu[] | null;
}

/** A menu item as the shell uses it. */
export interface MenuItem {
  id: number;
  /** The menu code, also its i18n key. */
  name: string;
  title: string;
  icon?: string;
  path: string;
  parentId?: number;
  quickIndex?: string;
  authority?: string[];
  children: MenuItem[];
}

export interface MenuLeaf {
  name: string;
  title: string;
  path: string;
  id: number;
}
