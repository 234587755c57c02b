export {
  type Checked,
  checkSavedViewFilters,
  checkSavedViewName,
  MAX_SAVED_VIEW_NAME_LENGTH,
  type SavedViewFilters,
} from "./saved-view.js";
