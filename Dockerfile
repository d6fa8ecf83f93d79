# Core in a container (docs/running-the-server.md, "As a service", "Docker").
#
#   docker build -t core .
#   docker run -d --name core -p 25565:25565 -p 127.0.0.1:8123:8123 -v core-data:/data core
#   docker exec core npm run -s console -- --data /data help    # a console command
#   docker stop core        # SIGTERM to the server itself; it exits 0 after a clean shutdown
#
# Console commands and the first token: docs/running-the-server.md, "Commands from another shell",
# "The first token in Docker".
#
# The entry point is the server process (the Node 24 that `npm ci` installs, running
# src/main.ts) as PID 1, not `npm start`, so `docker stop` signals the server and not a wrapper.
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
# The pinned Node 24 comes with the dev dependencies (the `node` package), as in `npm ci && npm start`.
RUN npm ci && npm cache clean --force
COPY src ./src
VOLUME /data
# The game port; the Remote Access Service listens on the port set in /data/core-rest/rest.conf
# (bind = "0.0.0.0" there to reach it from outside the container).
EXPOSE 25565 8123
STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/node_modules/node/bin/node", "src/main.ts", "--data", "/data", "--port", "25565"]
