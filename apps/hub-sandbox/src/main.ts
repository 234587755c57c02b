import { exitOnFailure, serveFromEnvironment } from "./serve.js";

serveFromEnvironment().catch(exitOnFailure);
