/**
 * index.html's first script, loaded apart from the app (vite.config.ts's `earlyScript`): what can
 * start before the app's code has arrived and parsed. Keep it small; it imports nothing heavy.
 */
import { sendEarlyAppRequests } from "./app/early-app-requests";
import { sendEarlyBoardRequest } from "./board/early-board-request";

sendEarlyAppRequests();
sendEarlyBoardRequest();
