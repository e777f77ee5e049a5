[description]
DEPRECATED - use the accept-rate-limit module instead.

[tags]
deprecated
connector

[deprecated]
Use module accept-rate-limit instead.

[depends]
accept-rate-limit
