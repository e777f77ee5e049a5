[description]
Provides the ALPN implementation based on the Java APIs.

[provides]
alpn-impl|default

[lib]
lib/jetty-alpn-java-server-${jetty.version}.jar
