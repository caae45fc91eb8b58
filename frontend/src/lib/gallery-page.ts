/** SPEC §9: a gallery page holds 50 NFTs, whether the gallery or the scanning page shows it. */
export const GALLERY_PAGE_SIZE = 50;
